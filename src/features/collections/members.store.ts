import { proxy } from 'valtio';
import { ApiError } from '../../shared/api/http';
import { collectionsApi, MEMBER_REMOVAL_TIMEOUT_MS, type TMemberSeen } from './collections.api';

export type TShownRole = 'owner' | 'admin' | 'collaborator';

/** Display rules of spec 03 §3: 'coordinator' within a role reads as collaborator. */
export function shownRole(role: string): TShownRole {
  const r = role.toLowerCase();
  if (r.includes('coordinator')) return 'collaborator';
  if (r === 'owner' || r === 'admin') return r;
  return 'collaborator';
}

/** Fullname, else e-mail, else empty (spec 03 §3). */
export const memberName = (m: Pick<TMemberSeen, 'fullname' | 'email'>): string =>
  m.fullname?.trim() || m.email?.trim() || '';

/** The three separate listings of one collection's members. */
export const members = proxy({
  projectId: '',
  owner: null as TMemberSeen | null,
  admins: [] as TMemberSeen[],
  collaborators: [] as TMemberSeen[],
  loading: true,
  failed: false,
});

export async function loadMembers(projectId: string): Promise<void> {
  if (members.projectId !== projectId) {
    Object.assign(members, { projectId, owner: null, admins: [], collaborators: [] });
  }
  members.loading = true;
  members.failed = false;
  try {
    const [owner, admins, collaborators] = await Promise.all([
      collectionsApi.owner(projectId),
      collectionsApi.admins(projectId),
      collectionsApi.collaborators(projectId),
    ]);
    if (members.projectId !== projectId) return;
    members.owner = owner.data;
    members.admins = admins.data;
    members.collaborators = collaborators.data;
  } catch {
    if (members.projectId === projectId) members.failed = true;
  } finally {
    if (members.projectId === projectId) members.loading = false;
  }
}

/** Invites by e-mail; the new member (or pending invitation) joins its section at once. */
export async function inviteMember(
  projectId: string,
  email: string,
  role: 'admin' | 'collaborator',
): Promise<TMemberSeen> {
  const { data } = await collectionsApi.invite(projectId, { email, role });
  if (members.projectId === projectId) {
    const list = shownRole(data.role) === 'admin' ? members.admins : members.collaborators;
    const i = list.findIndex((m) => m._id === data._id);
    if (i >= 0) list[i] = data;
    else list.push(data);
  }
  return data;
}

export type RemoveResult = 'removed' | 'timeout' | 'failed';

/** Removes an admin or a collaborator, giving up after 3000 ms (spec 03 §9). */
export async function removeMember(projectId: string, member: TMemberSeen): Promise<RemoveResult> {
  const role = shownRole(member.role) === 'admin' ? 'admin' : 'collaborator';
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), MEMBER_REMOVAL_TIMEOUT_MS);
  try {
    await collectionsApi.removeMember(projectId, role, member._id, ctrl.signal);
  } catch (err) {
    // A timed-out request is "cancelled" for the api-client, which stays silent: the screen says why.
    if (ctrl.signal.aborted || (err instanceof ApiError && err.kind === 'cancelled')) return 'timeout';
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
  if (members.projectId === projectId) {
    members.admins = members.admins.filter((m) => m._id !== member._id);
    members.collaborators = members.collaborators.filter((m) => m._id !== member._id);
  }
  return 'removed';
}
