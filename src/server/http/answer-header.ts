import type { Context } from 'hono';

/**
 * Sets a header on the answer a handler already gave. Hono's `c.header` after the handler rebuilds
 * the answer from its body as a stream (it asks `bodyUsed`, which turns @hono/node-server's light
 * answer into a full web Response): on every request that cost more CPU than the access log itself,
 * and the answer then went out through the slower stream path. The answer's own headers are changed
 * instead, and only an answer whose headers cannot change (a fetched one) is copied.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}
