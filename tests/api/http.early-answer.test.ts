import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listen, type TestApp } from './harness';
import { makeUser } from './helpers/users';

/**
 * A real server on a free port, called with Node's fetch (undici, keep-alive): an answer given
 * before the request body was read (401 on a 400 KB import, 413 past the limit) must not leave the
 * connection in a state where the next request on it fails.
 */
let t: TestApp;
let http: Awaited<ReturnType<typeof listen>>;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: String(64 * 1024) });
  http = await listen(t);
  base = http.base;
}, 60_000);
afterAll(async () => {
  await http.close();
  await t.close();
});

const big = () => new Uint8Array(400 * 1024).fill(7);

describe('[FOUNDATION] early answers keep the connection honest', () => {
  it('a 401 on a 400 KB import closes the connection, and the next requests succeed', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${base}/api/flows/0123456789abcdef01234567/import`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream' },
        body: big(),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('connection')).toBe('close');
      await res.text();
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      await health.text();
    }
  }, 60_000);

  it('a 413 past the body limit does the same, while a read body keeps the connection alive', async () => {
    const user = await makeUser(t, 'early@example.com');
    const tooBig = await fetch(`${base}/api/flows`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ name: 'x'.repeat(300 * 1024) }),
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('connection')).toBe('close');
    await tooBig.text();
    const ok = await fetch(`${base}/api/flows`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ name: 'Read whole' }),
    });
    expect(ok.status).toBe(201);
    expect(ok.headers.get('connection')).not.toBe('close');
    await ok.text();
  }, 60_000);
});
