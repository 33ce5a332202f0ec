import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { liveQuizKeys, type TLiveQuizKey } from '../../shared/domain/live/quiz-key';
import type { Db } from '../db/client';
import { flows, liveAnswers, liveMembers, liveSessions, users } from '../db/schema';

/**
 * Points and the leaderboard of a live lesson (off unless the teacher switched them on). The rule,
 * all on the server's clock (a phone's clock never counts): a right answer earns
 * LIVE_POINTS_BASE + up to LIVE_POINTS_SPEED, falling linearly to 0 over LIVE_POINTS_WINDOW_S seconds
 * after the teacher's step opened ("next" or "back"), for each question of the step answered right; a right answer on a step ahead of the teacher
 * (working ahead) earns the base only; a wrong answer, or a step without a right answer, earns 0.
 */
export const LIVE_POINTS_BASE = 500;
export const LIVE_POINTS_SPEED = 500;
export const LIVE_POINTS_WINDOW_S = 20;
const LEADERBOARD_SIZE = 10;

/**
 * The points of an answer with `right` questions right (a quiz scores each of its questions), inside
 * the one statement that writes it (s = its live_sessions row).
 */
export function livePointsSql(right: number, step: number): SQL {
  if (right <= 0) return sql`0`;
  return sql`${right}::int * case when not s.points then 0
    when s.step = ${step}::int then ${LIVE_POINTS_BASE}::int + round(${LIVE_POINTS_SPEED}::numeric
      * greatest(0, 1 - extract(epoch from (now() - s.step_opened_at)) / ${LIVE_POINTS_WINDOW_S}))::int
    else ${LIVE_POINTS_BASE}::int end`;
}

/**
 * Whether a lesson counts points and each step's right answer, read once per lesson and server
 * (neither changes after the start; the flow as it was at the first read, as the steps were counted
 * at the start): the answer route's one statement stays one. A few hundred lessons at most are held.
 */
type TLessonKeys = { points: boolean; keys: Array<TLiveQuizKey[] | null> };
const keysBySession = new Map<string, Promise<TLessonKeys | null>>();
const MAX_HELD = 500;

export function liveQuizKeysOf(db: Db, sessionId: string): Promise<TLessonKeys | null> {
  let held = keysBySession.get(sessionId);
  if (!held) {
    held = db
      .select({ points: liveSessions.points, nodes: flows.nodes, edges: flows.edges })
      .from(liveSessions)
      .leftJoin(flows, eq(flows.id, liveSessions.flowId))
      .where(eq(liveSessions.id, sessionId))
      .then(([row]) => {
        if (!row) return null;
        const flow = { nodes: row.nodes ?? [], edges: row.edges ?? [] };
        return { points: row.points, keys: liveQuizKeys(flow as Parameters<typeof liveQuizKeys>[0]) };
      });
    // A failed read or an unknown session is not kept: the next answer asks again.
    void held.then(
      (v) => v === null && keysBySession.delete(sessionId),
      () => keysBySession.delete(sessionId),
    );
    if (keysBySession.size >= MAX_HELD) keysBySession.delete(keysBySession.keys().next().value as string);
    keysBySession.set(sessionId, held);
  }
  return held;
}

const totals = (db: Db, sessionId: string) =>
  db
    .select({
      userId: liveMembers.userId,
      name: users.fullname,
      joinedAt: liveMembers.joinedAt,
      points: sql<number>`coalesce(sum(${liveAnswers.points}), 0)::int`.as('points'),
    })
    .from(liveMembers)
    .innerJoin(users, eq(users.id, liveMembers.userId))
    .leftJoin(
      liveAnswers,
      and(eq(liveAnswers.sessionId, liveMembers.sessionId), eq(liveAnswers.userId, liveMembers.userId)),
    )
    .where(eq(liveMembers.sessionId, sessionId))
    .groupBy(liveMembers.userId, users.fullname, liveMembers.joinedAt)
    .orderBy(desc(sql`points`), liveMembers.joinedAt);

/**
 * Every member's total, best first (ties: who joined first), with a rank (equal points share one)
 * and a name: "Learner n" by order of joining when the lesson hides names.
 */
export async function liveStandings(db: Db, sessionId: string, hideNames: boolean) {
  const rows = await totals(db, sessionId);
  const joinOrder = [...rows].sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime());
  let rank = 0;
  return rows.map((r, i) => {
    if (i === 0 || rows[i - 1].points !== r.points) rank = i + 1;
    const n = joinOrder.findIndex((m) => m.userId === r.userId) + 1;
    return { userId: r.userId, rank, points: r.points, name: hideNames ? null : r.name, learner: n };
  });
}

export const leaderboardOf = (standings: Awaited<ReturnType<typeof liveStandings>>) =>
  standings
    .slice(0, LEADERBOARD_SIZE)
    .map(({ rank, points, name, learner }) => ({ rank, points, name, learner }));
