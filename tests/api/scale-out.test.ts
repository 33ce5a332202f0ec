import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { reportStatement } from './helpers/report-statements';
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
/** An xAPI request with Basic credentials of one space. */
const xapi = (auth: string, method: string, path: string, body?: unknown) =>
  fetch(`${s.base}${path}`, {
    method,
    headers: { Authorization: auth, 'X-Experience-API-Version': '2.0.0', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
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

  it('streams an AI answer (SSE) through one server, and the other serves what it saved', async () => {
    const token = await signIn();
    const chat = await call('POST', '/api/chat-with-ai/chat', { token, body: { title: '' } });
    const chatId = (chat.body.chat as { chatId: string }).chatId;
    const res = await fetch(`${s.base}/api/chat-with-ai`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
      },
      body: JSON.stringify({ query: 'Hello from two servers', chatId }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    // The proxy passes the events through unbuffered and whole: every block an event, then [DONE].
    expect(text.endsWith('data: [DONE]\n\n'), text.slice(-200)).toBe(true);
    for (const block of text.split('\n\n').filter(Boolean)) expect(block.startsWith('data: ')).toBe(true);
    // Both servers read the saved exchange and no credit stays held by the finished stream.
    for (let i = 0; i < 2; i++) {
      const history = await call('GET', `/api/chat-with-ai/history?chatId=${chatId}`, { token });
      expect(JSON.stringify(history.body)).toContain('Hello from two servers');
    }
    for (let i = 0; i < 2; i++) {
      const credits = await call('GET', '/api/credits/balance', { token });
      expect((credits.body.data as { personal: { held: number } }).personal.held).toBe(0);
    }
  }, 60_000);

  it('a live dashboard read on both servers counts a statement sent through the other at its next poll', async () => {
    const token = await signIn();
    const flow = await call('POST', '/api/flows', { token, body: { name: 'Live', nodes: [], edges: [] } });
    const made = await call('POST', '/api/assignment', {
      token,
      body: {
        name: 'Live week',
        flowIds: [(flow.body.data as { _id: string })._id],
        unitUsageOption: 'PAY_BY_ME',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const assignmentId = (made.body.data as { _id: string })._id;
    const key = await call('POST', '/api/lrs/credentials', { token, body: { name: 'scale-out' } });
    const auth = `Basic ${Buffer.from(`${key.body.key}:${key.body.secret}`).toString('base64')}`;
    const dashboard = async () =>
      (
        (await call('GET', `/api/assignment/${assignmentId}/lrs-dashboard`, { token })).body
          .dashboardData as {
          statements: unknown[];
        }
      ).statements.length;
    // The teacher's dashboard has been read on both servers before (whatever either keeps is warm).
    expect([await dashboard(), await dashboard()]).toEqual([0, 0]);
    for (let sent = 1; sent <= 3; sent++) {
      const st = reportStatement({
        email: `l${sent}@school.test`,
        verb: 'completed',
        object: 'q1',
        assignmentId,
      });
      const at = s.answeredBy.length;
      expect((await xapi(auth, 'POST', '/xapi/statements', st)).status).toBe(200);
      // The very next poll, whichever server answers it, counts it: no cache lags behind another server's write.
      expect(await dashboard()).toBe(sent);
      expect(s.answeredBy[at + 1]).not.toBe(s.answeredBy[at]);
    }
  }, 60_000);

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
