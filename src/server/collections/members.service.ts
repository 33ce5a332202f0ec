import { CollectionMessage, type TMember } from '../../shared/contract/collections';
import { findUserByEmail } from '../auth/auth.repo';
import type { Db } from '../db/client';
import type { AppDeps } from '../http/context';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import { findMembership, findOrgById } from '../orgs/orgs.repo';
import { type Caller, canEdit, collectionFor } from './access';
import type { CollectionRow, MemberRole } from './collections.repo';
import { inviteView, memberView } from './collections.view';
import { addedMail, invitationMail } from './invite-mail';
import {
  claimInvites,
  findUsers,
  listInvites,
  listMembers,
  removeInvite,
  removeMember,
  upsertInvite,
  upsertMember,
} from './members.repo';

/** What inviting an address will do: add an existing user at once, or keep a pending invitation. */
export type InvitePlan =
  | { kind: 'member'; email: string; userId: string; fullname: string; joinOrg: boolean }
  | { kind: 'invite'; email: string; joinOrg: boolean };

/** Turns the address's pending invitations into memberships; call it once the address is verified. */
export async function acceptPendingInvites(db: Db, userId: string, email: string): Promise<number> {
  return claimInvites(db, email.trim().toLowerCase(), userId);
}

export function createMembersService(deps: AppDeps) {
  const db = deps.database.db;
  const base = () => deps.env.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${deps.env.PORT}`;

  async function linkTo(col: CollectionRow): Promise<string> {
    const space = col.orgId ? ((await findOrgById(db, col.orgId))?.orgCode ?? 'personal') : 'personal';
    return `/${space}/collections/projects/${col.id}`;
  }

  /**
   * Checks an address can be invited, before anything is written. In an organisation, people from
   * outside it can only be brought in by an organisation admin (they then join the organisation too).
   */
  async function planInvite(
    caller: Caller,
    col: Pick<CollectionRow, 'orgId' | 'ownerId'>,
    email: string,
  ): Promise<InvitePlan> {
    const user = await findUserByEmail(db, email);
    if (user && user.id === col.ownerId) throw badRequest(`${email} is the owner of this collection.`);
    let joinOrg = false;
    if (col.orgId) {
      const inOrg = user ? await findMembership(db, col.orgId, user.id) : null;
      if (!inOrg && !caller.orgAdmin) {
        throw badRequest(
          `${email} is not a member of this organization. Ask an organization admin to invite them.`,
        );
      }
      joinOrg = !inOrg;
    }
    if (!user) return { kind: 'invite', email, joinOrg };
    return { kind: 'member', email, userId: user.id, fullname: user.fullname, joinOrg };
  }

  /** Tells the invitee by mail. A pending invitation is useless without its mail, so that failure is thrown. */
  async function notify(
    caller: Caller,
    col: CollectionRow,
    plan: InvitePlan,
    role: MemberRole,
  ): Promise<void> {
    const [me] = await findUsers(db, [caller.userId]);
    const inviter = me?.fullname || me?.email || 'A Flowlearn user';
    const path = await linkTo(col);
    if (plan.kind === 'member') {
      const mail = addedMail(plan.email, {
        collection: col.name,
        inviter,
        role,
        link: `${base()}/editor${path}`,
      });
      await deps.mail
        .send(mail)
        .catch((e) => deps.logger.warn('collection mail failed', { error: String(e) }));
      return;
    }
    const link = `${base()}/editor/signup?next=${encodeURIComponent(path)}`;
    await deps.mail.send(invitationMail(plan.email, { collection: col.name, inviter, link }));
  }

  return {
    plan: planInvite,
    notify,

    async owner(caller: Caller, id: string): Promise<TMember> {
      const { row } = await collectionFor(db, caller, id, 'view');
      const [owner] = await findUsers(db, [row.ownerId]);
      return memberView(
        { userId: row.ownerId, email: owner?.email ?? '', fullname: owner?.fullname ?? '' },
        'owner',
      );
    },

    async list(caller: Caller, id: string, role: MemberRole, limit: number): Promise<TMember[]> {
      await collectionFor(db, caller, id, 'view');
      const members = (await listMembers(db, [id]))
        .filter((m) => m.role === role)
        .map((m) => memberView(m, m.role));
      const pending = (await listInvites(db, [id])).filter((i) => i.role === role).map(inviteView);
      return [...members, ...pending].slice(0, limit);
    },

    async invite(caller: Caller, id: string, email: string, role: MemberRole) {
      const { row } = await collectionFor(db, caller, id, 'edit');
      const plan = await planInvite(caller, row, email);
      if (plan.kind === 'member') {
        await upsertMember(db, {
          collectionId: id,
          userId: plan.userId,
          role,
          joinOrgId: plan.joinOrg ? row.orgId : null,
        });
        await notify(caller, row, plan, role);
        const data = memberView({ userId: plan.userId, email, fullname: plan.fullname }, role);
        return { data, message: CollectionMessage.memberAdded };
      }
      const invite = await upsertInvite(db, { collectionId: id, email, role, invitedBy: caller.userId });
      try {
        await notify(caller, row, plan, role);
      } catch {
        await removeInvite(db, id, invite.id);
        throw new AppError(
          'MAIL_FAILED',
          503,
          'The invitation e-mail could not be sent. Please try again later.',
        );
      }
      return { data: inviteView(invite), message: CollectionMessage.invited };
    },

    /** Owners and admins remove admins and collaborators; anyone may leave a collection themselves. */
    async remove(caller: Caller, id: string, userId: string, role: MemberRole): Promise<string> {
      const { role: mine } = await collectionFor(db, caller, id, 'view');
      if (!canEdit(mine) && userId !== caller.userId) {
        throw forbidden('Only the owner and admins of this collection can do this.');
      }
      const removed =
        (await removeMember(db, id, userId, role)) || (await removeInvite(db, id, userId, role));
      if (!removed) throw notFound(role === 'admin' ? 'Admin' : 'Collaborator');
      return role === 'admin' ? CollectionMessage.adminRemoved : CollectionMessage.collaboratorRemoved;
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
