import {
  AssignmentMessage,
  assignmentStatus,
  JoinRefusal,
  type TCoOwner,
  type TParticipant,
} from '../../shared/contract/assignments';
import type { AppDeps } from '../http/context';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import { findMembership } from '../orgs/orgs.repo';
import { findFlowsByIds } from '../tools/tools.repo';
import { type Caller, managedAssignment } from './access';
import {
  addCoOwners,
  findAssignmentByCode,
  findAssignmentById,
  findUsersByEmails,
  findUsersByIds,
  listCoOwners,
  removeCoOwner,
} from './assignments.repo';
import { coOwnerView } from './assignments.view';
import {
  addInteractions,
  insertParticipant,
  listInteractions,
  listParticipants,
  removeParticipants,
} from './participants.repo';

const joinRefused = (message: string) => new AppError('JOIN_REFUSED', 400, message);

/** Participants, co-owners and joining by code (spec 02 §2 Participants tab, §6, §7). */
export function createPeopleService(deps: AppDeps) {
  const db = deps.database.db;

  /** The assignment of a join code if it takes new participants now; 404 / 400 JOIN_REFUSED otherwise. */
  async function joinable(code: string) {
    const row = await findAssignmentByCode(db, code.trim());
    if (!row) throw new AppError('NOT_FOUND', 404, JoinRefusal.notFound);
    const status = assignmentStatus(row);
    if (status === 'completed') throw joinRefused(JoinRefusal.ended);
    if (status === 'not started') throw joinRefused(JoinRefusal.notStarted);
    if (row.isLocked) throw joinRefused(JoinRefusal.locked);
    if (status === 'paused') throw joinRefused(JoinRefusal.paused);
    return row;
  }

  return {
    joinable,

    async participants(caller: Caller, id: string, search?: string) {
      const { row } = await managedAssignment(db, caller, id);
      const [people, flowRows] = await Promise.all([
        listParticipants(db, row.id, search || undefined),
        findFlowsByIds(db, row.flowIds),
      ]);
      const byId = new Map(flowRows.map((f) => [f.id, f]));
      const flows = row.flowIds.flatMap((fid) => {
        const f = byId.get(fid);
        return f ? [{ _id: f.id, name: f.name, iconUrl: f.iconUrl }] : [];
      });
      const counts = await listInteractions(
        db,
        row.id,
        people.map((p) => p.userId),
      );
      const countOf = new Map(counts.map((c) => [`${c.userId}:${c.flowId}`, c.interactions]));
      const data: TParticipant[] = people.map((p) => ({
        id: p.userId,
        _id: p.userId,
        fullname: p.fullname,
        // A guest learner's address is a placeholder nobody reads: the name is who they are.
        email: p.isGuest ? '' : p.email,
        profileImg: p.profileImg,
        viewOutput: p.viewOutput,
        joinedAt: p.joinedAt.toISOString(),
        isGuest: p.isGuest,
        flows: flows.map((f) => ({
          id: f._id,
          name: f.name,
          iconUrl: f.iconUrl,
          interactions: countOf.get(`${p.userId}:${f._id}`) ?? 0,
        })),
      }));
      return { data, flows };
    },

    async removeParticipants(caller: Caller, id: string, userIds: string[]) {
      const { row } = await managedAssignment(db, caller, id);
      const removed = await removeParticipants(db, row.id, [...new Set(userIds)]);
      if (removed === 0) throw notFound('Participant');
      return { message: AssignmentMessage.participantRemoved, removed };
    },

    async coOwners(caller: Caller, id: string) {
      const { row } = await managedAssignment(db, caller, id);
      const [owner] = await findUsersByIds(db, [row.ownerId]);
      const coOwners: TCoOwner[] = (await listCoOwners(db, row.id)).map(coOwnerView);
      return {
        coOwners,
        owner: { _id: row.ownerId, email: owner?.email ?? '', fullname: owner?.fullname ?? '' },
      };
    },

    /**
     * Adds people with an account as co-owners. In an organisation they must be its members (a
     * co-owner works in the organisation's space). Nothing is written unless every address is fine.
     */
    async addCoOwners(caller: Caller, id: string, emails: string[]) {
      const { row } = await managedAssignment(db, caller, id);
      const wanted = [...new Set(emails)];
      const found = await findUsersByEmails(db, wanted);
      const byEmail = new Map(found.map((u) => [u.email, u]));
      const unknown = wanted.filter((e) => !byEmail.has(e));
      if (unknown.length)
        throw badRequest(`coOwnerEmails: no account uses ${unknown.join(', ')}. Co-owners need an account.`);
      const owner = found.find((u) => u.id === row.ownerId);
      if (owner) throw badRequest(`coOwnerEmails: ${owner.email} is the owner of this assignment.`);
      if (row.orgId) {
        for (const u of found) {
          if (!(await findMembership(db, row.orgId, u.id)))
            throw badRequest(`coOwnerEmails: ${u.email} is not a member of this organization.`);
        }
      }
      await addCoOwners(
        db,
        row.id,
        found.map((u) => u.id),
        caller.userId,
      );
      const coOwners = (await listCoOwners(db, row.id)).map(coOwnerView);
      return { coOwners, message: AssignmentMessage.coOwnersAdded };
    },

    async removeCoOwner(caller: Caller, id: string, userId: string) {
      const { row } = await managedAssignment(db, caller, id);
      if (!(await removeCoOwner(db, row.id, userId))) throw notFound('Co-owner');
      return { message: AssignmentMessage.coOwnerRemoved };
    },

    /** POST /api/assignment/join: the signed-in user becomes a participant (any space; the code is global). */
    async join(caller: { userId: string }, code: string) {
      const row = await joinable(code);
      const joined = await insertParticipant(db, row.id, caller.userId);
      return {
        data: { assignmentId: row.id, name: row.name, code: row.code, alreadyJoined: !joined },
        message: AssignmentMessage.joined,
      };
    },

    /**
     * For the learner player: counts `count` interactions of a participant with one of the
     * assignment's flows. 403 when the user is not a participant, 400 for a flow outside it.
     */
    async recordInteractions(assignmentId: string, userId: string, flowId: string, count = 1) {
      const row = await findAssignmentById(db, assignmentId);
      if (!row) throw notFound('Assignment');
      if (!row.flowIds.includes(flowId)) throw badRequest('flowId: not a flow of this assignment');
      if (!(await addInteractions(db, assignmentId, userId, flowId, count)))
        throw forbidden('Only participants of this assignment can do this.');
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
