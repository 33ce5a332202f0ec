import type { Context, MiddlewareHandler } from 'hono';
import { setMetric, timing } from 'hono/timing';

/** Marks the end of one stage of a request; the stage lasted since the previous mark. */
export type Lap = (stage: string) => void;

/**
 * A Server-Timing header for a hot route (the learner's answers): where its time went, stage by
 * stage, readable in the browser's network panel and by the player bench without a profiler. Only
 * durations are sent, never data; `total` is the handler's whole time.
 */
export const stageTiming = (): MiddlewareHandler => timing({ totalDescription: 'handler' });

/** Laps for `c`; each stage is the time since the last lap (or since the timer was made). */
export function stageTimer(c: Context): Lap {
  let last = performance.now();
  return (stage) => {
    const now = performance.now();
    // biome-ignore lint/suspicious/noExplicitAny: setMetric types its context by hono/timing's own variables
    setMetric(c as Context<any>, stage, now - last);
    last = now;
  };
}

/** No timing (callers that do not measure). */
export const noLap: Lap = () => {};
