import { useEffect, useRef, useState } from 'react';
import type { TLiveState } from '../../shared/contract/live';
import { playerLiveApi } from './live.api';
import { sendWaitingLiveAnswers } from './live-answers';
import { setLiveScore } from './live-score';

/** Back-off before following the lesson again after the stream dropped (poor Wi-Fi, a sleeping phone). */
const RETRY_MS = [500, 1000, 2000, 5000];
/** How often a page without a lesson asks whether one has started. */
export const LIVE_LOOK_MS = 10_000;

export type TLiveLesson = {
  /** The lesson followed, its latest state; `ended` once the teacher ended it. */
  state: TLiveState | null;
  /** The stream is down and being retried: the phone keeps its last step meanwhile. */
  reconnecting: boolean;
};

/**
 * Follows the assignment's live lesson on a learner's phone: looks for an open one (and again every
 * LIVE_LOOK_MS), joins it (again after a reconnect: joining twice is harmless), and follows its state
 * stream, whose first event is the current state, so a phone that joins late or comes back lands on
 * the teacher's step. States older than the one held (by revision) are ignored. `assignmentId` null:
 * a public link or a preview, which have no lesson.
 */
export function useLiveLesson(assignmentId: string | null): TLiveLesson {
  const [state, setState] = useState<TLiveState | null>(null);
  const [reconnecting, setReconnecting] = useState(false);
  const held = useRef<TLiveState | null>(null);

  useEffect(() => {
    if (!assignmentId) return;
    const stop = new AbortController();
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const take = (next: TLiveState) => {
      const before = held.current;
      if (before && before._id === next._id && before.revision > next.revision) return;
      held.current = next;
      setState(next);
    };
    const follow = async (id: string) => {
      for (let attempt = 0; !stop.signal.aborted; attempt++) {
        try {
          take((await playerLiveApi.join(id)).data);
          // Chart answers kept on the phone (offline, or a reload before they went out) go now.
          void sendWaitingLiveAnswers();
          await playerLiveApi.follow(id, take, stop.signal, (score) => setLiveScore(id, score));
          setReconnecting(false);
          if (held.current?.ended) return;
          attempt = 0;
        } catch {
          if (stop.signal.aborted) return;
          // 404: the lesson ended while the phone was away; the next look finds no lesson.
          if (!(await playerLiveApi.current(id).catch(() => ({ data: held.current })))?.data) return end();
          setReconnecting(true);
        }
        await pause(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
      }
    };
    const end = () => {
      if (held.current && !held.current.ended)
        take({ ...held.current, ended: true, revision: held.current.revision + 1 });
      setReconnecting(false);
    };
    void (async () => {
      while (!stop.signal.aborted) {
        const open = await playerLiveApi.current(assignmentId).catch(() => null);
        if (open?.data && !open.data.ended) {
          await follow(assignmentId);
          if (stop.signal.aborted) return;
        }
        await pause(LIVE_LOOK_MS);
      }
    })();
    return () => stop.abort();
  }, [assignmentId]);

  return { state, reconnecting };
}
