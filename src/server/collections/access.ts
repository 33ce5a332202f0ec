import type { Context } from 'hono';
import type { TCollectionRole } from '../../shared/contract/collections';
import type { Db } from '../db/client';
import type { AppEnv } from '../http/context';
import { forbidden, notFound } from '../http/errors';
import { type CollectionRow, findCollection } from './collections.repo';
import { claimInvites, findMemberRole } from './members.repo';

/** Who calls, in which space: read from requireAuth and orgScope. */
export interface Caller {
  userId: string;
  email: string;
  /** null: the personal space. */
  orgId: string | null;
  /** An organisation admin has admin rights on every collection of the organisation. */
  orgAdmin: boolean;
}

export function callerOf(c: Context<AppEnv>): Caller {
  const { userId, email } = c.get('auth');
  const { orgId, role } = c.get('space');
  return { userId, email, orgId, orgAdmin: orgId !== null && role === 'admin' };
}

const RANK: Record<TCollectionRole, number> = { collaborator: 1, admin: 2, owner: 3 };
const best = (a: TCollectionRole | null, b: TCollectionRole | null) =>
  !a ? b : !b ? a : RANK[a] >= RANK[b] ? a : b;

export const canEdit = (role: TCollectionRole) => role === 'owner' || role === 'admin';

/** The caller's role from what is already loaded: the owner, a member row, or organisation admin. */
export function roleFrom(
  caller: Caller,
  row: Pick<CollectionRow, 'ownerId' | 'orgId'>,
  memberRole: TCollectionRole | null,
): TCollectionRole | null {
  if (row.ownerId === caller.userId) return 'owner';
  const orgRole = caller.orgAdmin && row.orgId !== null && row.orgId === caller.orgId ? 'admin' : null;
  return best(memberRole, orgRole);
}

/**
 * The caller's role in the collection, or null. A pending invitation of the caller's address is
 * claimed on the way, so an invitee who signed up by any path (code, reset, OIDC) gets in.
 */
export async function roleIn(db: Db, caller: Caller, row: CollectionRow): Promise<TCollectionRole | null> {
  if (row.ownerId === caller.userId) return 'owner';
  let member = await findMemberRole(db, row.id, caller.userId);
  if (!member && (await claimInvites(db, caller.email, caller.userId, row.id)) > 0) {
    member = await findMemberRole(db, row.id, caller.userId);
  }
  return roleFrom(caller, row, member);
}

/**
 * Someone else's personal space is secret, so its objects answer 404; inside an organisation the
 * members may know a collection exists, so they get 403.
 */
export const noAccess = (orgId: string | null, what: string) =>
  orgId === null ? notFound(what) : forbidden(`You do not have access to this ${what.toLowerCase()}.`);

export type Need = 'view' | 'edit' | 'own';

/** Loads a collection of the caller's space and checks the caller may do `need` with it. */
export async function collectionFor(
  db: Db,
  caller: Caller,
  id: string,
  need: Need,
): Promise<{ row: CollectionRow; role: TCollectionRole }> {
  const row = await findCollection(db, caller.orgId, id);
  if (!row) throw notFound('Collection');
  const role = await roleIn(db, caller, row);
  if (!role) throw noAccess(row.orgId, 'Collection');
  if (need === 'edit' && !canEdit(role))
    throw forbidden('Only the owner and admins of this collection can do this.');
  if (need === 'own' && role !== 'owner') throw forbidden('Only the owner of this collection can do this.');
  return { row, role };
}
