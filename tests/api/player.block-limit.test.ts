import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignments, flows, rateLimits } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from './harness';
import { type AssignmentWorld, createAssignment, worldPerTest } from './helpers/assignment-world';

/**
 * Server-run blocks reached without an account (a public link, a guest learner) are rate limited per
 * address (PLAYER_BLOCK_RATE_LIMIT per minute); signed-in participants are not.
 */
const LIMIT = 3;
let t: TestApp;
let w: AssignmentWorld;
worldPerTest(
  () => createTestApp({ PLAYER_BLOCK_RATE_LIMIT: String(LIMIT) }),
  (world) => {
    w = world;
    t = world.t;
  },
);

// Web Search with no search provider: a server block that answers at once, without going out.
const search = {
  nodeId: 'find',
  nodeType: 'webSearchNode',
  inputs: { query: { type: 'text', text: 'leaves' } },
};

async function assignmentWithSearch() {
  const nodes = [
    { id: 's', type: 'beginNode', position: { x: 0, y: 0 }, data: {} },
    { id: 'find', type: 'webSearchNode', position: { x: 0, y: 100 }, data: {} },
  ];
  await t.database.db.update(flows).set({ nodes }).where(eq(flows.id, w.orgFlows[0]));
  return createAssignment(w);
}

const calls = async (path: string, n: number, token?: string) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await t.call('POST', path, { token, body: search })).status);
  return out;
};

describe('[PLAYER] server blocks through open access are rate limited', () => {
  it('a public link gets a 429 with Retry-After on call N+1; bad input is a 400 naming the field', async () => {
    const a = await assignmentWithSearch();
    const link = await t.call('POST', `/api/assignment/${a._id}/access-link`, {
      token: w.users.owner.token,
      orgId: w.org,
      body: {},
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const path = `/api/player/public/${link.body.code}/flow/${w.orgFlows[0]}/block`;
    const first = await t.call('POST', path, { body: search });
    expect(first.body.data).toEqual({ ok: false, errorCode: 'SEARCH_NOT_CONFIGURED', configured: false });
    expect(await calls(path, LIMIT - 1)).toEqual(Array(LIMIT - 1).fill(200));
    const over = await t.call('POST', path, { body: search });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    // A new window (the counters emptied): the input is checked as usual.
    await t.database.db.delete(rateLimits);
    const bad = await t.call('POST', path, { body: { ...search, nodeType: 'textNode' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('nodeType');
  });

  it('a guest learner is limited; a signed-in participant is not; another space’s user is refused', async () => {
    const a = await assignmentWithSearch();
    const path = `/api/player/assignment/${a._id}/flow/${w.orgFlows[0]}/block`;
    const joined = await t.call('POST', '/api/assignment/join', {
      token: w.users.participant.token,
      body: { code: a.code },
    });
    expect(joined.status).toBe(200);
    expect(await calls(path, LIMIT + 2, w.users.participant.token)).toEqual(Array(LIMIT + 2).fill(200));
    expect((await t.call('POST', path, { token: w.users.outsider.token, body: search })).status).toBe(403);

    await t.database.db.update(assignments).set({ signInRequired: false }).where(eq(assignments.id, a._id));
    const guest = await t.call('POST', '/api/player/guest/join', { body: { code: a.code, name: 'Gus' } });
    expect(guest.status, JSON.stringify(guest.body)).toBe(200);
    const token = guest.body.session.accessToken as string;
    expect(await calls(path, LIMIT + 1, token)).toEqual([...Array(LIMIT).fill(200), 429]);
  });
});
