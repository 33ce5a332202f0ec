import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignments } from '../../src/server/db/schema/assignments';
import { GUEST_REFUSED } from '../../src/server/http/auth';
import { createLrsService, lrsSpace } from '../../src/server/lrs';
import { JoinRefusal } from '../../src/shared/contract/assignments';
import { GUEST_NAME_MAX, GuestMessage, SIGN_IN_REQUIRED } from '../../src/shared/contract/player-guest';
import { buildStatement } from '../../src/shared/domain/runtime';
import { refreshCookie, withCookie } from './auth-helpers';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';

let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp({ AUTH_RATE_LIMIT_PER_IP: '2' }),
  (world) => {
    w = world;
    t = world.t;
  },
);

const ORIGIN = 'http://localhost';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const answered = (flowId: string, n: number) =>
  buildStatement(
    {
      actor: { name: 'Forged', mbox: 'mailto:forged@evil.test' },
      flowActivityId: `${ORIGIN}/viewer/flows/${flowId}`,
    },
    {
      verb: 'answered',
      node: { id: 'quiz1', type: 'quizJsonNode', label: '1/2 + 1/4?', kind: 'interaction' },
      result: { response: '3/4' },
      evidence: '3/4',
    },
    `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    '2026-11-25T10:00:00.000Z',
  );
/** An assignment that takes guests (sign-in switched off, as FeatureToggles does). */
const openAssignment = async (signInRequired = false) => {
  const a = await createAssignment(w);
  await t.database.db.update(assignments).set({ signInRequired }).where(eq(assignments.id, a._id));
  return a;
};
const guestJoin = (body: Record<string, unknown>, token?: string) =>
  t.call('POST', '/api/player/guest/join', { body, token });

describe('[PLAYER] joining as a guest', () => {
  it('tells the join screen only its name, whether sign-in is needed and whether it is closed', async () => {
    const a = await openAssignment();
    const res = await t.call('GET', `/api/player/join/${a.code.toLowerCase()}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ name: 'Fractions week', signInRequired: false, closed: null });
    const unknown = await t.call('GET', '/api/player/join/NOPE999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(JoinRefusal.notFound);
    await t.database.db.update(assignments).set({ isPaused: true }).where(eq(assignments.id, a._id));
    expect((await t.call('GET', `/api/player/join/${a.code}`)).body.data.closed).toBe('paused');
  });

  it('joins with a name only when the assignment needs no sign-in; refuses otherwise with 403', async () => {
    const needsAccount = await openAssignment(true);
    const refused = await guestJoin({ code: needsAccount.code, name: 'Ana' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: SIGN_IN_REQUIRED, message: GuestMessage.signInRequired });
    expect(refreshCookie(refused.headers)).toBeUndefined();

    const a = await openAssignment();
    const res = await guestJoin({ code: a.code, name: '  Ana  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      assignmentId: a._id,
      name: 'Fractions week',
      code: a.code,
      alreadyJoined: false,
    });
    expect(res.body.session.user.fullname).toBe('Ana');
    expect(refreshCookie(res.headers)).toBeTruthy();
    const mine = await t.call('GET', `/api/player/assignment/${a._id}`, {
      token: res.body.session.accessToken,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.actor.name).toBe('Ana');
  });

  it('refuses a missing, empty or too long name with 400 naming the field, and bad codes as joining does', async () => {
    const a = await openAssignment();
    for (const name of [undefined, '   ', 'x'.repeat(GUEST_NAME_MAX + 1), 'a\u0000b', 42]) {
      const res = await guestJoin({ code: a.code, name });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toContain('name');
    }
    expect((await guestJoin({ name: 'Ana' })).body.message).toContain('code');
    expect((await guestJoin({ code: 'NOPE999', name: 'Ana' })).status).toBe(404);
    await t.database.db.update(assignments).set({ isLocked: true }).where(eq(assignments.id, a._id));
    const locked = await guestJoin({ code: a.code, name: 'Ana' });
    expect(locked.status).toBe(400);
    expect(locked.body).toMatchObject({ errorCode: 'JOIN_REFUSED', message: JoinRefusal.locked });
  });

  it('keeps a returning guest (same session, no new identity) and refreshes their session by cookie', async () => {
    const a = await openAssignment();
    const first = await guestJoin({ code: a.code, name: 'Ana' });
    const token = first.body.session.accessToken;
    const again = await guestJoin({ code: a.code }, token);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.alreadyJoined).toBe(true);
    expect(again.body.session).toBeUndefined();
    const refreshed = await t.call('POST', '/api/auth/refresh', {
      headers: withCookie(refreshCookie(first.headers) ?? ''),
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.id).toBe(first.body.session.user.id);
    // The refreshed token is still a guest's: the authoring app stays closed.
    const me = await t.call('GET', '/api/auth/me', { token: refreshed.body.accessToken });
    expect(me.status).toBe(403);
    const matrix = await t.call('GET', `/api/assignment/${a._id}/participants`, {
      token: w.users.owner.token,
      orgId: w.org,
    });
    expect(matrix.body.data).toHaveLength(1);
  });

  it('lets the guest record statements as themselves, and the teacher sees them as a guest', async () => {
    const a = await openAssignment();
    const joined = await guestJoin({ code: a.code, name: 'Ana' });
    const token = joined.body.session.accessToken;
    const guestId = joined.body.session.user.id;
    const flowId = w.orgFlows[0];
    const res = await t.call('POST', `/api/player/assignment/${a._id}/flow/${flowId}/statements`, {
      token,
      body: { statements: [answered(flowId, 1)] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.counted).toBe(1);
    const stored = await createLrsService(t.deps).getStatement(
      lrsSpace({ orgId: w.org, userId: w.users.owner.id }),
      res.body.ids[0],
    );
    expect(stored?.actor).toMatchObject({ objectType: 'Agent', name: 'Ana' });
    expect(JSON.stringify(stored?.actor)).toMatch(/"mbox":"mailto:guest-[0-9a-f]{24}@guest\.invalid"/);

    const matrix = await t.call('GET', `/api/assignment/${a._id}/participants`, {
      token: w.users.owner.token,
      orgId: w.org,
    });
    expect(matrix.status).toBe(200);
    expect(matrix.body.data).toEqual([
      expect.objectContaining({ id: guestId, fullname: 'Ana', email: '', isGuest: true }),
    ]);
    expect(matrix.body.data[0].flows[0].interactions).toBe(1);

    // The journals port works for a guest too, and the teacher reads the guest's journal.
    const base = `/api/player/assignment/${a._id}`;
    const put = await t.call('PUT', `${base}/flow/${flowId}/journal`, {
      token,
      body: { name: 'Diary', content: 'Halves and quarters', nodeId: 'j1', nodeType: 'journalNode' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const read = await t.call('GET', `${base}/journal?name=Diary`, { token });
    expect(read.body.data.content).toBe('Halves and quarters');

    // A photo answer (the player's image input): the guest uploads and reads back their own file,
    // but cannot upload into an organisation they are not in.
    const form = () => {
      const f = new FormData();
      f.set('media', new File([PNG], 'pizza.png'));
      f.set('path', 'player');
      return f;
    };
    const up = await t.call('POST', '/api/s3/upload', { token, raw: form() });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect((await t.call('GET', up.body.url, { token })).status).toBe(200);
    expect((await t.call('POST', '/api/s3/upload', { token, orgId: w.org, raw: form() })).status).toBe(403);
  });

  it('closes everything else to a guest: other assignments 403, authoring routes 403, no token 401', async () => {
    const a = await openAssignment();
    const other = await openAssignment();
    const joined = await guestJoin({ code: a.code, name: 'Ana' });
    const token = joined.body.session.accessToken;
    expect((await t.call('GET', `/api/player/assignment/${other._id}`, { token })).status).toBe(403);
    const post = await t.call(
      'POST',
      `/api/player/assignment/${other._id}/flow/${w.orgFlows[0]}/statements`,
      {
        token,
        body: { statements: [answered(w.orgFlows[0], 2)] },
      },
    );
    expect(post.status).toBe(403);
    // Joining another assignment with the guest token goes through the guest route only.
    const join = await t.call('POST', '/api/assignment/join', { token, body: { code: other.code } });
    expect(join.status).toBe(403);
    const authoring: Array<[string, string]> = [
      ['GET', '/api/auth/me'],
      ['GET', '/api/assignment'],
      ['GET', `/api/assignment/${a._id}`],
      ['GET', `/api/assignment/${a._id}/participants`],
      ['GET', '/api/projects'],
      ['GET', '/api/users/organizations'],
      ['POST', '/api/users/join-org?orgcode=school'],
      ['GET', '/api/lrs/credentials'],
      ['GET', '/api/credits/balance'],
      ['GET', '/api/tasks'],
      ['GET', `/api/tool/${w.orgFlows[0]}`],
    ];
    for (const [method, path] of authoring) {
      const res = await t.call(method, path, { token, orgId: w.org });
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body.message).toBe(GUEST_REFUSED);
      expect((await t.call(method, path)).status, `${method} ${path}`).toBe(401);
    }
  });

  it('limits guest joins per address (a classroom-sized multiple of the sign-in limit)', async () => {
    const a = await openAssignment();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await t.call('POST', '/api/player/guest/join', { body: { code: a.code, name: `P${i}` } })).status,
      );
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
