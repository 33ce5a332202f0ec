import type { TLiveEvent } from '../../shared/contract/live';
import type { Db } from '../db/client';
import { leaderboardOf, liveStandings } from './live.points.repo';

type TStandings = Awaited<ReturnType<typeof liveStandings>>;

/**
 * How long a server gathers answers before reading a lesson's standings again. Two hundred phones
 * answering within a second each wake every stream of the lesson; the streams on one server share one
 * read per window instead of one read each per answer (200 × 200 reads for one question).
 */
export const LIVE_SCORES_GATHER_MS = 200;

const waiting = new WeakMap<Db, Map<string, Promise<TStandings>>>();

/**
 * The lesson's standings read shortly (after LIVE_SCORES_GATHER_MS), one read for every caller on
 * this server meanwhile. A read is taken off the list as it starts, so an answer scored during it is
 * seen by the next one: the last answer of a burst always reaches the screens.
 */
export function liveStandingsSoon(db: Db, sessionId: string, hideNames: boolean): Promise<TStandings> {
  let reads = waiting.get(db);
  if (!reads) {
    reads = new Map();
    waiting.set(db, reads);
  }
  const key = `${sessionId}:${hideNames}`;
  let held = reads.get(key);
  if (!held) {
    const list = reads;
    held = new Promise((resolve) => setTimeout(resolve, LIVE_SCORES_GATHER_MS)).then(() => {
      list.delete(key);
      return liveStandings(db, sessionId, hideNames);
    });
    list.set(key, held);
  }
  return held;
}

/**
 * What one stream sends of the standings: the teacher's screen the top 10, a phone its own points and
 * rank of all members (null when the learner is not among them).
 */
export function standingsEvent(standings: TStandings, learnerId: string | null): TLiveEvent | null {
  if (learnerId === null) return { type: 'leaderboard', entries: leaderboardOf(standings) };
  const mine = standings.find((s) => s.userId === learnerId);
  return mine
    ? { type: 'score', score: { points: mine.points, rank: mine.rank, of: standings.length } }
    : null;
}
