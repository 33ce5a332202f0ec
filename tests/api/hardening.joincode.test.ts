import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';
import { makeUser, type TestUser } from './helpers/users';

// AUTH_RATE_LIMIT_PER_IP 3: a user may try 3 wrong join codes and 12 availability checks per 15
// minutes, an address ten times that (join-code-limits.ts).
let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp({ AUTH_RATE_LIMIT_PER_IP: '3' }),
  (world) => {
    w = world;
    t = world.t;
  },
);

/** A request as a user from a socket address (the limits count per user and per address). */
async function send(
  method: 'GET' | 'POST',
  path: string,
  opts: { user?: TestUser; orgId?: string; body?: unknown; peer?: string },
) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (opts.user) headers.Authorization = `Bearer ${opts.user.token}`;
  if (opts.orgId) headers.orgId = opts.orgId;
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const incoming = {
    socket: { remoteAddress: opts.peer ?? '203.0.113.10' },
    headers: {},
    readableEnded: true,
  };
  const res = await t.app.request(path, { method, headers, body }, { incoming });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

const join = (user: TestUser, code: string, peer?: string) =>
  send('POST', '/api/assignment/join', { user, body: { code }, peer });
const check = (user: TestUser, code: string, orgId?: string, peer?: string) =>
  send('GET', `/api/assignment/check-code/${code}`, { user, orgId, peer });
const WRONG = ['ZZZ111', 'ZZZ112', 'ZZZ113', 'ZZZ114'];

describe('[HARDENING] join codes cannot be guessed', () => {
  it('a user gets 3 wrong join codes per 15 minutes, then 429 before any code is looked up', async () => {
    const a = await createAssignment(w);
    const guesser = w.users.stranger;
    for (const code of WRONG.slice(0, 3)) expect((await join(guesser, code)).status).toBe(404);
    const refused = await join(guesser, a.code);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      errorCode: 'RATE_LIMITED',
      message: 'Too many join codes tried. Please try again later.',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(850);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Another user, from another address, is not affected.
    expect((await join(w.users.participant, a.code, '198.51.100.3')).status).toBe(200);
  });

  it('joins with the right code cost nothing', async () => {
    const a = await createAssignment(w);
    for (let i = 0; i < 8; i++) expect((await join(w.users.participant, a.code)).status).toBe(200);
    expect((await join(w.users.participant, WRONG[0])).status).toBe(404);
  });

  it('an address gets ten times a user’s allowance, and one user over the limit spends none of it', async () => {
    const users = await Promise.all(Array.from({ length: 11 }, (_, i) => makeUser(t, `kid${i}@school.test`)));
    // The first user keeps trying past its own limit: the refused tries are not counted.
    for (let i = 0; i < 10; i++) await join(users[0], WRONG[i % 4]);
    for (const user of users.slice(1, 10)) {
      for (const code of WRONG.slice(0, 3)) expect((await join(user, code)).status).toBe(404);
    }
    expect((await join(users[10], WRONG[0])).status).toBe(429);
    expect((await join(users[10], WRONG[0], '198.51.100.3')).status).toBe(404);
  });

  it('answers check-code only to members of the space, 12 checks per user per 15 minutes', async () => {
    const a = await createAssignment(w);
    const member = w.users.stranger;
    expect((await check(member, a.code, w.org)).body).toEqual({ isUnique: false });
    // Not a member of the space named: refused before anything is counted or answered.
    expect((await check(w.users.outsider, a.code, w.org)).status).toBe(403);
    expect((await send('GET', `/api/assignment/check-code/${a.code}`, {})).status).toBe(401);
    const tooLong = await check(member, 'x'.repeat(201), w.org);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain('code');
    for (let i = 0; i < 11; i++) expect((await check(member, `Free${i}AB`)).status).toBe(200);
    const refused = await check(member, 'Free99AB');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many join codes tried. Please try again later.');
    // The outsider's refused call was not counted: it still has its own checks in its own space.
    expect((await check(w.users.outsider, 'Free99AB', w.otherOrg)).body).toEqual({ isUnique: true });
  });
});
