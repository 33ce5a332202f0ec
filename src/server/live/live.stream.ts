import type { TLiveEvent, TLiveState } from '../../shared/contract/live';
import { sseResponse } from '../chat/sse';
import type { LiveBus } from './live.bus';
import { standingsEvent } from './live.scores';

/** A quiet stream still sends something this often, so proxies and phones keep it open. */
export const LIVE_PING_MS = 20_000;

/**
 * Where a stream of a lesson with points reads the standings (live.scores.ts), and whose they are:
 * `learnerId` null for the teacher's screen (the top 10), else that phone's own points and rank.
 */
export type LiveStreamScores = {
  read: (hideNames: boolean) => Promise<Parameters<typeof standingsEvent>[0]>;
  learnerId: string | null;
};

/**
 * One SSE stream of a live session. The current state goes first (a phone that joins late or
 * reconnects lands on the teacher's step), then every event; when the bus may have missed some (its
 * LISTEN connection came back), the state again. Learners (`teacher: false`) get state only, and with
 * points on their own score: who joined and who answered what is for the teacher's screen. With points
 * on, every answer and join also sends the standings again (when they changed), so the leaderboard and
 * each phone's rank follow the lesson without anyone asking. Ends with the session.
 */
export function liveStream(
  bus: LiveBus,
  sessionId: string,
  load: () => Promise<TLiveState>,
  teacher: boolean,
  scores?: LiveStreamScores,
): Response {
  let finish: () => void = () => undefined;
  const gone = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return sseResponse(
    async (send) => {
      let ended = false;
      let latest: TLiveState | null = null;
      const sendState = (state: TLiveState) => {
        latest = state;
        send({ type: 'state', state } satisfies TLiveEvent);
        if (state.ended && !ended) {
          ended = true;
          finish();
        }
      };
      // Reads may come back out of order: only a newer read than the last one sent goes out, and
      // only when it says something new.
      let asked = 0;
      let sentRead = 0;
      let sentText = '';
      const sendScores = () => {
        if (!scores || !latest?.points || ended) return;
        const read = ++asked;
        void scores.read(latest.hideNames ?? true).then(
          (standings) => {
            const event = standingsEvent(standings, scores.learnerId);
            const text = JSON.stringify(event);
            if (!event || read < sentRead || text === sentText || ended) return;
            sentRead = read;
            sentText = text;
            send(event);
          },
          () => undefined,
        );
      };
      const resend = () =>
        void load().then((state) => {
          sendState(state);
          sendScores();
        }, finish);
      let unsubscribe: () => void = () => undefined;
      const ping = setInterval(() => send({ type: 'ping' } satisfies TLiveEvent), LIVE_PING_MS);
      try {
        unsubscribe = await bus.subscribe(sessionId, (event) => {
          if (event.type === 'resync') resend();
          else if (event.type === 'state') sendState(event.state);
          else {
            if (teacher) send(event);
            if (event.type === 'answer' || event.type === 'joined') sendScores();
          }
        });
        // Subscribed first, then read: nothing falls between; an event older than this state is told
        // apart by its revision on the client.
        sendState(await load());
        sendScores();
        await gone;
      } catch {
        // The database went away under the stream: it ends, and the client reconnects (and gets the state).
      } finally {
        clearInterval(ping);
        unsubscribe();
      }
    },
    () => finish(),
  );
}
