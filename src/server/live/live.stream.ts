import type { TLiveEvent, TLiveState } from '../../shared/contract/live';
import { sseResponse } from '../chat/sse';
import type { LiveBus } from './live.bus';

/** A quiet stream still sends something this often, so proxies and phones keep it open. */
export const LIVE_PING_MS = 20_000;

/**
 * One SSE stream of a live session. The current state goes first (a phone that joins late or
 * reconnects lands on the teacher's step), then every event; when the bus may have missed some (its
 * LISTEN connection came back), the state again. Learners (`teacher: false`) get state only: who
 * joined and who answered what is for the teacher's screen. Ends with the session.
 */
export function liveStream(
  bus: LiveBus,
  sessionId: string,
  load: () => Promise<TLiveState>,
  teacher: boolean,
): Response {
  let finish: () => void = () => undefined;
  const gone = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return sseResponse(
    async (send) => {
      let ended = false;
      const sendState = (state: TLiveState) => {
        send({ type: 'state', state } satisfies TLiveEvent);
        if (state.ended && !ended) {
          ended = true;
          finish();
        }
      };
      const resend = () => void load().then(sendState, finish);
      let unsubscribe: () => void = () => undefined;
      const ping = setInterval(() => send({ type: 'ping' } satisfies TLiveEvent), LIVE_PING_MS);
      try {
        unsubscribe = await bus.subscribe(sessionId, (event) => {
          if (event.type === 'resync') resend();
          else if (event.type === 'state') sendState(event.state);
          else if (teacher) send(event);
        });
        // Subscribed first, then read: nothing falls between; an event older than this state is told
        // apart by its revision on the client.
        sendState(await load());
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
