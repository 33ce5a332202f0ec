import { and, asc, count, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { TLiveAction, TLiveAnswer } from '../../shared/contract/live';
import type { Db } from '../db/client';
import { flows, liveAnswers, liveMembers, liveSessions, users } from '../db/schema';

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
  },
  back: { step: sql`greatest(${liveSessions.step} - 1, 0)`, answersOpen: true, revealed: false },
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
 * teacher's step with answers open, or a later step when working ahead is allowed. The session row is
 * read FOR SHARE in the same transaction, so a "close" or "next" racing the answer waits for it and
 * no answer lands after the step closed. False when refused.
 */
export async function saveLiveAnswer(
  db: Db,
  a: { sessionId: string; step: number; userId: string; nodeId: string; answer: TLiveAnswer },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [taking] = await tx
      .select({ id: liveSessions.id })
      .from(liveSessions)
      .where(
        and(
          eq(liveSessions.id, a.sessionId),
          isNull(liveSessions.endedAt),
          eq(liveSessions.answersOpen, true),
          gt(liveSessions.stepCount, a.step),
          or(
            eq(liveSessions.step, a.step),
            and(eq(liveSessions.workAhead, true), sql`${liveSessions.step} < ${a.step}`),
          ),
        ),
      )
      .for('share');
    if (!taking) return false;
    const at = new Date();
    await tx
      .insert(liveAnswers)
      .values({ ...a, answeredAt: at })
      .onConflictDoUpdate({
        target: [liveAnswers.sessionId, liveAnswers.step, liveAnswers.userId],
        set: { nodeId: a.nodeId, answer: a.answer, answeredAt: at },
      });
    return true;
  });
}

export async function listLiveAnswers(db: Db, sessionId: string, step: number) {
  return db
    .select({ userId: liveAnswers.userId, nodeId: liveAnswers.nodeId, answer: liveAnswers.answer })
    .from(liveAnswers)
    .where(and(eq(liveAnswers.sessionId, sessionId), eq(liveAnswers.step, step)))
    .orderBy(asc(liveAnswers.answeredAt));
}
