/**
 * A server-sent event stream (spec 03 §7): `data: <json>` events, always ended by `data: [DONE]`.
 * Each event is written as soon as it exists (no buffering, not compressed: text/event-stream is
 * outside the compressor's types, and no-transform says so to proxies). `onCancel` runs when the
 * client goes away, so the caller can cancel its upstream work.
 */
const encoder = new TextEncoder();

export const sseEvent = (data: unknown): Uint8Array => encoder.encode(`data: ${JSON.stringify(data)}\n\n`);
const DONE = encoder.encode('data: [DONE]\n\n');

export function sseResponse(
  run: (send: (data: unknown) => void) => Promise<void>,
  onCancel: () => void,
  headers: Record<string, string> = {},
): Response {
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (data: unknown) => {
        if (!closed) controller.enqueue(sseEvent(data));
      };
      run(send).finally(() => {
        if (closed) return;
        closed = true;
        controller.enqueue(DONE);
        controller.close();
      });
    },
    cancel() {
      closed = true;
      onCancel();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      ...headers,
    },
  });
}
