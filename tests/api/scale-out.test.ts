import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { startTwoServers, type TTwoServers } from './helpers/two-servers';

/**
 * Several servers behave as one: two real processes on one PostgreSQL behind a proxy that alternates
 * between them (docs/deploy.md). PostgreSQL only: PGlite is one process's database by design.
 */
const url = process.env.TEST_DATABASE_URL;
let s: TTwoServers;

type Answer = { status: number; body: Record<string, unknown> };
async function call(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const res = await fetch(`${s.base}${path}`, {
    method,
    headers: {
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}
const signIn = async () =>
  (
    await call('POST', '/api/auth/login', {
      body: { email: 'demo@flowlearn.local', password: 'flowlearn-demo' },
    })
  ).body.accessToken as string;

describe.skipIf(!url)('[SCALE] two servers on one PostgreSQL behind a round-robin proxy', () => {
  beforeAll(async () => {
    const db = await openDatabase({ url: url as string });
    await db.truncateAll();
    await db.close();
    s = await startTwoServers(url as string);
  }, 240_000);
  afterAll(() => s?.close(), 60_000);

  it('a token from one server is good on the other, and both answer', async () => {
    const token = await signIn();
    expect(token).toBeTruthy();
    for (let i = 0; i < 4; i++) expect((await call('GET', '/api/auth/me', { token })).status).toBe(200);
    expect(new Set(s.answeredBy)).toEqual(new Set(['a', 'b']));
  });

  it('a save made through one server makes a stale save through the other a 409, and reads are never stale', async () => {
    const token = await signIn();
    const made = await call('POST', '/api/flows', {
      token,
      body: { name: 'Two servers', nodes: [], edges: [] },
    });
    expect(made.status).toBe(201);
    const flow = made.body.data as { _id: string; revision: number };
    const node = { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: { label: 'Start' } };
    // Read it on both servers first, so that each has it in whatever it keeps in memory.
    for (let i = 0; i < 2; i++) await call('GET', `/api/flows/${flow._id}`, { token });
    const first = await call('PUT', `/api/flows/${flow._id}`, {
      token,
      body: { revision: flow.revision, nodes: [node], edges: [] },
    });
    expect(first.status).toBe(200);
    const stale = await call('PUT', `/api/flows/${flow._id}`, {
      token,
      body: { revision: flow.revision, nodes: [], edges: [] },
    });
    expect(stale.status).toBe(409);
    for (let i = 0; i < 2; i++) {
      const read = await call('GET', `/api/flows/${flow._id}`, { token });
      expect((read.body.data as { nodes: unknown[] }).nodes).toHaveLength(1);
    }
  });

  it('signing out on one server ends the session on the other within 6 s', async () => {
    const token = await signIn();
    for (let i = 0; i < 2; i++) expect((await call('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await call('POST', '/api/auth/logout', { token })).status).toBeLessThan(300);
    const until = Date.now() + 6_000;
    let refusedByBoth = false;
    while (!refusedByBoth && Date.now() < until) {
      const [x, y] = [
        await call('GET', '/api/auth/me', { token }),
        await call('GET', '/api/auth/me', { token }),
      ];
      refusedByBoth = x.status === 401 && y.status === 401;
      if (!refusedByBoth) await new Promise((r) => setTimeout(r, 250));
    }
    expect(refusedByBoth).toBe(true);
  }, 20_000);

  it('counts failed sign-ins across both servers (rate limits live in the database)', async () => {
    const email = 'demo@flowlearn.local';
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push(
        (await call('POST', '/api/auth/login', { body: { email, password: `wrong-${i}` } })).status,
      );
    // Each server alone saw half of the attempts: a per-process counter would never have reached 429.
    expect(statuses).toContain(429);
  }, 60_000);
});
