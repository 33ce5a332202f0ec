import type { TestApp } from '../harness';

/**
 * A JSON request that arrives from a given socket address (as @hono/node-server passes it), for the
 * rate limits and TRUST_PROXY; `t.call` has no socket, so its address is 'unknown'.
 */
export async function callFrom(
  t: TestApp,
  peer: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await t.app.request(
    path,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: peer } } },
  );
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}
