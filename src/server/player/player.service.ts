import { assignmentStatus } from '../../shared/contract/assignments';
import type { TPlayerAssignment, TPlayerFlow } from '../../shared/contract/player';
import { ASSIGNMENT_CLOSED, PlayerClosedMessage, type TPlayerClosed } from '../../shared/contract/player';
import type { JsonObject } from '../../shared/domain/xapi';
import { agentIfi } from '../../shared/domain/xapi/agents';
import { type AssignmentRow, findAssignmentById, findUsersByIds } from '../assignments/assignments.repo';
import { findAccessLink, isParticipant, listInteractions } from '../assignments/participants.repo';
import { findFlows } from '../flows/flows.repo';
import type { AppDeps } from '../http/context';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import { createLrsService, lrsSpace } from '../lrs';
import { ownAccountIfi } from '../reports/person-key';
import { findFlowsByIds } from '../tools/tools.repo';
import { findPublishedFlow } from './player.repo';
import { assignmentActivityId } from './player.statements';

/** Who runs the flow: a participant (signed in) or the anonymous visitor of a public link. */
export type Learner =
  | { kind: 'participant'; userId: string }
  | { kind: 'public'; code: string; visitor?: { id: string; name?: string } };

export interface PlayerAccess {
  row: AssignmentRow;
  learner: Learner;
}

/** Why the assignment takes no new statements or AI calls now (ended first, then locked, paused). */
export function closedReason(row: AssignmentRow, now = new Date()): TPlayerClosed | null {
  const status = assignmentStatus(row, now);
  if (status === 'completed') return 'ended';
  if (status === 'not started') return 'notStarted';
  if (row.isLocked) return 'locked';
  return status === 'paused' ? 'paused' : null;
}

/** 403 ASSIGNMENT_CLOSED with the learner-facing text, for a paused, locked, ended or future assignment. */
export function assertOpen(row: AssignmentRow): void {
  const reason = closedReason(row);
  if (reason) throw new AppError(ASSIGNMENT_CLOSED, 403, PlayerClosedMessage[reason], { reason });
}

/** The actor of a signed-in (or guest) participant's records. */
export const participantActor = (u: { email: string; fullname: string }): JsonObject => ({
  objectType: 'Agent',
  name: u.fullname || u.email,
  mbox: `mailto:${u.email}`,
});

/** The actor of a public link's anonymous visitor, named by the id the player keeps for them. */
export function visitorActor(visitor: { id: string; name?: string } | undefined, origin: string): JsonObject {
  if (!visitor) throw badRequest('learner: is required for a public link');
  return {
    objectType: 'Agent',
    name: visitor.name || 'Guest',
    account: { homePage: origin, name: `guest-${visitor.id}` },
  };
}

export const NOT_PARTICIPANT =
  'Only participants of this assignment can open it. Join it with its code first.';

export function createPlayerService(deps: AppDeps) {
  const db = deps.database.db;
  const lrs = createLrsService(deps);

  async function actorOf(learner: Learner, origin: string): Promise<JsonObject> {
    if (learner.kind === 'participant') {
      const [u] = await findUsersByIds(db, [learner.userId]);
      if (!u) throw notFound('User');
      return participantActor(u);
    }
    return visitorActor(learner.visitor, origin);
  }

  const flowOf = async (access: PlayerAccess, flowId: string) => {
    if (!access.row.flowIds.includes(flowId)) throw notFound('Flow');
    const [flow] = await findFlows(db, access.row.orgId, [flowId]);
    if (!flow) throw notFound('Flow');
    return flow;
  };

  return {
    /** The actor the server stamps on this learner's records (also the one a package is launched with). */
    actorFor: (access: PlayerAccess, origin: string) => actorOf(access.learner, origin),

    /** 404 for an unknown assignment, 403 for a signed-in user who has not joined it. */
    async asParticipant(userId: string, id: string): Promise<PlayerAccess> {
      const row = await findAssignmentById(db, id);
      if (!row) throw notFound('Assignment');
      if (!(await isParticipant(db, row.id, userId))) throw forbidden(NOT_PARTICIPANT);
      return { row, learner: { kind: 'participant', userId } };
    },

    /** A public access link of an assignment that still allows them; anything else is 404. */
    async asPublic(code: string, visitor?: { id: string; name?: string }): Promise<PlayerAccess> {
      const link = await findAccessLink(db, code);
      const row = link ? await findAssignmentById(db, link.assignmentId) : null;
      if (!link || !row || row.disablePublicAccessLink) throw notFound('Access link');
      return { row, learner: { kind: 'public', code, visitor } };
    },

    async assignment(access: PlayerAccess, origin: string): Promise<TPlayerAssignment> {
      const { row, learner } = access;
      const found = await findFlowsByIds(db, row.flowIds);
      const byId = new Map(found.map((f) => [f.id, f]));
      const counts =
        learner.kind === 'participant' ? await listInteractions(db, row.id, [learner.userId]) : [];
      const countOf = new Map(counts.map((c) => [c.flowId, c.interactions]));
      const flows = row.flowIds.flatMap((fid) => {
        const f = byId.get(fid);
        if (!f) return [];
        return [
          {
            _id: f.id,
            name: f.name,
            description: f.description,
            iconUrl: f.iconUrl,
            interactions: countOf.get(f.id) ?? 0,
          },
        ];
      });
      const actor =
        learner.kind === 'participant'
          ? ((await actorOf(learner, origin)) as TPlayerAssignment['actor'])
          : null;
      return {
        _id: row.id,
        name: row.name,
        description: row.description,
        iconUrl: row.iconUrl,
        status: assignmentStatus(row),
        flows,
        activityId: assignmentActivityId(origin, row.id),
        publicCode: learner.kind === 'public' ? learner.code : null,
        actor,
        closed: closedReason(row),
      };
    },

    async flow(access: PlayerAccess, flowId: string): Promise<TPlayerFlow> {
      const f = await flowOf(access, flowId);
      return {
        _id: f.id,
        name: f.name,
        description: f.description,
        revision: f.revision,
        nodes: f.nodes,
        edges: f.edges,
      };
    },

    async sharedFlow(id: string): Promise<TPlayerFlow> {
      const f = await findPublishedFlow(db, id);
      if (!f) throw notFound('Flow');
      return {
        _id: f.id,
        name: f.name,
        description: f.description,
        revision: f.revision,
        nodes: f.nodes,
        edges: f.edges,
      };
    },

    /**
     * The learner's own statements in this assignment, newest first (the xAPI Report and Retrieve
     * blocks): the actor is the one the server stamps on their records, never one the browser names.
     */
    async ownStatements(
      access: PlayerAccess,
      origin: string,
      filter: { verb?: string; activity?: string; since?: Date; limit: number },
    ): Promise<JsonObject[]> {
      const agent = agentIfi(await actorOf(access.learner, origin));
      if (!agent) return [];
      const { limit, ...rest } = filter;
      const space = lrsSpace({ orgId: access.row.orgId, userId: access.row.ownerId });
      // A participant is also the account actor of their cmi5 launches (reports/person-key.ts).
      const agents =
        access.learner.kind === 'participant'
          ? [agent, ownAccountIfi(origin, access.learner.userId)]
          : [agent];
      const pages = await Promise.all(
        agents.map((a) =>
          lrs.queryStatements(space, { ...rest, agent: a, assignmentId: access.row.id }, { limit }),
        ),
      );
      if (pages.length === 1) return pages[0].statements;
      const stored = (st: JsonObject) => String(st.stored ?? '');
      return pages
        .flatMap((p) => p.statements)
        .sort((a, b) => stored(b).localeCompare(stored(a)))
        .slice(0, limit);
    },
  };
}

export type PlayerService = ReturnType<typeof createPlayerService>;
