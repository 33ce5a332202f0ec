/**
 * A controller of one's own that also aborts when `signal` does (the client went away): one listener,
 * where AbortSignal.any costs about four times as much per request (weak references, a finalization
 * registry) on the hot path of a chat answer.
 */
export function abortedWith(signal: AbortSignal): AbortController {
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller;
}
