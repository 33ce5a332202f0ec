import { and, eq, inArray } from 'drizzle-orm';
import type { AssignmentRow } from '../assignments/assignments.repo';
import type { Db } from '../db/client';
import {
  assignmentAccessLinks,
  assignmentParticipants,
  assignments,
  flows,
  lrsStatements,
  users,
} from '../db/schema';

/**
 * The reads of one learner answer, each in a single round trip: an answer used to cost four to six
 * queries before its INSERT (link, assignment, participant, user, flow name, each statement id), and
 * a class answering at once waited on the pool for them. `flowName` is null when no flow has the id;
 * the caller still checks that the flow belongs to the assignment.
 */
export interface AnswerScopeRow {
  row: AssignmentRow;
  flowName: string | null;
}

/** A public access link's assignment and the flow's name; null for an unknown code. */
export async function findPublicAnswerScope(
  db: Db,
  code: string,
  flowId: string,
): Promise<AnswerScopeRow | null> {
  const [found] = await db
    .select({ row: assignments, flowName: flows.name })
    .from(assignmentAccessLinks)
    .innerJoin(assignments, eq(assignments.id, assignmentAccessLinks.assignmentId))
    .leftJoin(flows, eq(flows.id, flowId))
    .where(eq(assignmentAccessLinks.code, code));
  return found ?? null;
}

export interface ParticipantScopeRow extends AnswerScopeRow {
  /** null when the user has not joined the assignment. */
  user: { email: string; fullname: string } | null;
}

/** The assignment, whether the user joined it (and who they are), and the flow's name; null for an unknown assignment. */
export async function findParticipantAnswerScope(
  db: Db,
  assignmentId: string,
  userId: string,
  flowId: string,
): Promise<ParticipantScopeRow | null> {
  const [found] = await db
    .select({ row: assignments, flowName: flows.name, email: users.email, fullname: users.fullname })
    .from(assignments)
    .leftJoin(
      assignmentParticipants,
      and(eq(assignmentParticipants.assignmentId, assignments.id), eq(assignmentParticipants.userId, userId)),
    )
    .leftJoin(users, eq(users.id, assignmentParticipants.userId))
    .leftJoin(flows, eq(flows.id, flowId))
    .where(eq(assignments.id, assignmentId));
  if (!found) return null;
  const user = found.email === null ? null : { email: found.email, fullname: found.fullname ?? '' };
  return { row: found.row, flowName: found.flowName, user };
}

/** Which of `ids` the space holds already (not voided): a replayed answer is stored and counted once. */
export async function findStoredStatementIds(db: Db, space: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: lrsStatements.statementId })
    .from(lrsStatements)
    .where(
      and(
        eq(lrsStatements.space, space),
        inArray(lrsStatements.statementId, ids),
        eq(lrsStatements.voided, false),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
