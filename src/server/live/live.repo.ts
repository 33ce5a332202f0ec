import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { TLiveAction, TLiveAnswer } from '../../shared/contract/live';
import type { Db } from '../db/client';
import { flows, liveAnswers, liveMembers, liveSessions, users } from '../db/schema';
import { livePointsSql } from './live.points.repo';

export type LiveSessionRow = typeof liveSessions.$inferSelect;

/** The flow's blocks but its start (the steps a class goes through), or null when it is gone. */
export async function flowStepCount(db: Db, flowId: string): Promise<number | null> {
  const [row] = await db.select({ n: flows.nodesCount }).from(flows).where(eq(flows.id, flowId));
  return row ? Math.max(1, row.n - 1) : null;
}

/** The new session, or null when the assignment already has an open one (the partial unique index). */
export async function insertLiveSession(
  db: Db,
  row: typeof liveSessions.$inferInsert,
): Promise<LiveSessionRow | null> {
  const [made] = await db.insert(liveSessions).values(row).onConflictDoNothing().returning();
  return made ?? null;
}

export async function findOpenLiveSession(db: Db, assignmentId: string): Promise<LiveSessionRow | null> {
  const [row] = await db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.assignmentId, assignmentId), isNull(liveSessions.endedAt)));
  return row ?? null;
}

export async function findLiveSession(db: Db, id: string): Promise<LiveSessionRow | null> {
  const [row] = await db.select().from(liveSessions).where(eq(liveSessions.id, id));
  return row ?? null;
}

/** Each action as one UPDATE, so two teachers pressing "next" at once move two steps, never lose one. */
const changes: Record<TLiveAction, Record<string, SQL | boolean>> = {
  next: {
    step: sql`least(${liveSessions.step} + 1, ${liveSessions.stepCount} - 1)`,
    answersOpen: true,
    revealed: false,
    stepOpenedAt: sql`now()`,
  },
  back: {
    step: sql`greatest(${liveSessions.step} - 1, 0)`,
    answersOpen: true,
    revealed: false,
    stepOpenedAt: sql`now()`,
  },
  reveal: { revealed: true, answersOpen: false },
  hide: { revealed: false },
  open: { answersOpen: true },
  close: { answersOpen: false },
  aheadOn: { workAhead: true },
  aheadOff: { workAhead: false },
  end: { answersOpen: false, endedAt: sql`now()` },
};

/** Applies an action to an open session; null when it has ended meanwhile. */
export async function applyLiveAction(
  db: Db,
  id: string,
  action: TLiveAction,
): Promise<LiveSessionRow | null> {
  const [row] = await db
    .update(liveSessions)
    .set({ ...changes[action], revision: sql`${liveSessions.revision} + 1` })
    .where(and(eq(liveSessions.id, id), isNull(liveSessions.endedAt)))
    .returning();
  return row ?? null;
}

/** True when the member is new to the session. */
export async function addLiveMember(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const made = await db.insert(liveMembers).values({ sessionId, userId }).onConflictDoNothing().returning();
  return made.length > 0;
}

export async function isLiveMember(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: liveMembers.userId })
    .from(liveMembers)
    .where(and(eq(liveMembers.sessionId, sessionId), eq(liveMembers.userId, userId)));
  return row !== undefined;
}

export async function countLiveMembers(db: Db, sessionId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(liveMembers).where(eq(liveMembers.sessionId, sessionId));
  return Number(row?.n ?? 0);
}

export async function listLiveMembers(db: Db, sessionId: string) {
  return db
    .select({ userId: liveMembers.userId, name: users.fullname, guest: users.isGuest })
    .from(liveMembers)
    .innerJoin(users, eq(users.id, liveMembers.userId))
    .where(eq(liveMembers.sessionId, sessionId))
    .orderBy(asc(liveMembers.joinedAt));
}

/**
 * Keeps a member's answer to a step (the last one counts), only while the session takes it: the
 * teacher's step with answers open, or a later step when working ahead is allowed, and only from a
 * member. One statement, conditions and write together: an answer whose statement starts after a
 * "close" or "next" committed is refused; no lock on the session row, which two hundred phones
 * answering at once would all queue on. False when refused (the caller asks why).
 */
export async function saveLiveAnswer(
  db: Db,
  a: {
    assignmentId: string;
    sessionId: string;
    step: number;
    userId: string;
    nodeId: string;
    answer: TLiveAnswer;
    /** How many of the step's questions it has right (0: wrong, or the step has no right answer). */
    right: number;
  },
): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into live_answers (session_id, step, user_id, node_id, answer, answered_at, points)
    select s.id, ${a.step}::int, ${a.userId}, ${a.nodeId}, ${JSON.stringify(a.answer)}::jsonb, now(),
      ${livePointsSql(a.right, a.step)}
    from live_sessions s
    where s.id = ${a.sessionId} and s.assignment_id = ${a.assignmentId} and s.ended_at is null
      and s.answers_open and ${a.step}::int < s.step_count
      and (s.step = ${a.step}::int or (s.work_ahead and s.step < ${a.step}::int))
      and exists (select 1 from live_members m where m.session_id = s.id and m.user_id = ${a.userId})
    on conflict (session_id, step, user_id) do update
      set node_id = excluded.node_id, answer = excluded.answer,
        answered_at = case when live_answers.answer = excluded.answer
          then live_answers.answered_at else excluded.answered_at end,
        points = case when live_answers.answer = excluded.answer
          then live_answers.points else excluded.points end
    returning step`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

export async function listLiveAnswers(db: Db, sessionId: string, step: number) {
  return db
    .select({ userId: liveAnswers.userId, nodeId: liveAnswers.nodeId, answer: liveAnswers.answer })
    .from(liveAnswers)
    .where(and(eq(liveAnswers.sessionId, sessionId), eq(liveAnswers.step, step)))
    .orderBy(asc(liveAnswers.answeredAt));
}
