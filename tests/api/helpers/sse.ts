import { expect } from 'vitest';
import type { TestApp } from '../harness';

/** POSTs to a streaming route and returns the raw response. */
export const postStream = (
  t: TestApp,
  path: string,
  body: unknown,
  opts: { token?: string; orgId?: string; signal?: AbortSignal } = {},
): Promise<Response> =>
  Promise.resolve(
    t.app.request(path, {
      method: 'POST',
      headers: {
        ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        ...(opts.orgId ? { orgId: opts.orgId } : {}),
      },
      body: JSON.stringify(body),
      signal: opts.signal,
    }),
  );

/** The `data:` payloads of a finished stream, checking the framing (every event `data: …`, then [DONE]). */
// biome-ignore lint/suspicious/noExplicitAny: event payloads of every shape
export async function sseEvents(res: Response): Promise<any[]> {
  const text = await res.text();
  expect(text.endsWith('data: [DONE]\n\n'), text.slice(-200)).toBe(true);
  const blocks = text.split('\n\n').filter(Boolean);
  for (const b of blocks) expect(b.startsWith('data: '), b).toBe(true);
  return blocks
    .map((b) => b.slice(6))
    .filter((d) => d !== '[DONE]')
    .map((d) => JSON.parse(d));
}
