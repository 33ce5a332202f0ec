import { gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCollectionsService } from '../../src/server/collections/collections.service';
import { lrsActivities, orgMembers } from '../../src/server/db/schema';
import { createFlowsService, type FlowsService } from '../../src/server/flows/flows.service';
import { createLrsService, lrsSpace } from '../../src/server/lrs';
import {
  cachedMembership,
  forgetMembership,
  MEMBERSHIP_CACHE_MS,
} from '../../src/server/orgs/membership-cache';
import { benchGraph } from '../bench/canvas.data';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { makeOrg, makeUser } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '60' });
}, APP_START_MS);
afterAll(() => t.close());
afterEach(async () => {
  vi.useRealTimers();
  await t.reset();
});

const get = (path: string, headers: Record<string, string>) => t.app.request(path, { headers });
/** A 200-block flow of the user's: its id. */
const bigFlow = async (token: string, name: string, graph = benchGraph(200)) => {
  const created = await t.call('POST', '/api/flows', { token, body: { name, ...graph } });
  expect(created.status).toBe(201);
  return created.body.data._id as string;
};

describe('[PERF] answers are gzipped off the event loop', () => {
  it('gzips a large JSON answer with its length, and leaves small or unwanted ones alone', async () => {
    const ann = await makeUser(t, 'ann@example.org');
    const path = `/api/flows/${await bigFlow(ann.token, 'Big')}`;
    const auth = { Authorization: `Bearer ${ann.token}` };
    const plain = await get(path, { ...auth, 'Accept-Encoding': 'identity' });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(20_000);

    const packed = await get(path, { ...auth, 'Accept-Encoding': 'br;q=1, gzip;q=0.8' });
    expect(packed.headers.get('Content-Encoding')).toBe('gzip');
    expect(packed.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const bytes = Buffer.from(await packed.arrayBuffer());
    expect(Number(packed.headers.get('Content-Length'))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(text.length / 4);
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(JSON.parse(text));

    const refused = await get(path, { ...auth, 'Accept-Encoding': 'gzip;q=0' });
    expect(refused.headers.get('Content-Encoding')).toBeNull();
    const small = await get('/api/health', { 'Accept-Encoding': 'gzip' });
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect((await small.json()).status).toBeDefined();
  });
});

describe('[PERF] a flow answered again reuses its gzip only while the flow is unchanged', () => {
  it("answers each change and no one else's flow, gzipped", async () => {
    const ann = await makeUser(t, 'ann@example.org');
    const bob = await makeUser(t, 'bob@example.org');
    const graph = benchGraph(200);
    const path = `/api/flows/${await bigFlow(ann.token, 'Big', graph)}`;
    const gz = { 'Accept-Encoding': 'gzip' };
    const read = async (token: string) => {
      const res = await get(path, { Authorization: `Bearer ${token}`, ...gz });
      const bytes = Buffer.from(await res.arrayBuffer());
      const gzipped = res.headers.get('Content-Encoding') === 'gzip';
      return { status: res.status, body: JSON.parse((gzipped ? gunzipSync(bytes) : bytes).toString('utf8')) };
    };
    const save = async (body: object) => {
      const res = await t.app.request(path, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${ann.token}`, 'Content-Type': 'application/json', ...gz },
        body: JSON.stringify(body),
      });
      expect(res.headers.get('Content-Encoding')).toBe('gzip');
      return JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'));
    };

    const saved = await save({ ...graph, revision: 1 });
    expect(await read(ann.token)).toEqual({ status: 200, body: saved });
    expect((await read(ann.token)).body).toEqual(saved);
    // a change that is not a graph save answers a new text, and the next read shows it
    const renamed = await save({ name: 'Renamed', revision: 2 });
    expect(renamed.data.name).toBe('Renamed');
    expect(await read(ann.token)).toEqual({ status: 200, body: renamed });
    const moved = graph.nodes.map((n, i) => (i === 5 ? { ...n, position: { x: 1, y: 2 } } : n));
    const again = await save({ nodes: moved, edges: graph.edges, revision: 3 });
    expect((await read(ann.token)).body.data.nodes[5].position).toEqual({ x: 1, y: 2 });
    expect((await read(ann.token)).body).toEqual(again);
    // the cache sits behind the access check
    expect((await read(bob.token)).status).toBe(404);
  });
});

describe('[PERF] a flow read at the revision it was last seen at does not fetch its graph again', () => {
  it('answers every write, whichever way it came, and the graph only to those who may read it', async () => {
    const ann = await makeUser(t, 'ann@example.org');
    const bob = await makeUser(t, 'bob@example.org');
    const graph = benchGraph(20);
    const id = await bigFlow(ann.token, 'Small', graph);
    const read = async (token = ann.token) => t.call('GET', `/api/flows/${id}`, { token });
    const stored = async () =>
      (await t.database.db.execute(
        sql`select nodes::text as nodes from flows where id = ${id}`,
      )) as unknown as {
        rows?: Array<{ nodes: string }>;
      } & Array<{ nodes: string }>;
    const storedNodes = async () => {
      const r = await stored();
      return JSON.parse((r.rows ?? r)[0].nodes);
    };

    expect((await read()).body.data.nodes).toEqual(graph.nodes);
    // a save with a name takes another path than the canvas's: the next read still shows its graph
    const fewer = { nodes: graph.nodes.slice(0, 2), edges: [] };
    const named = await t.call('PUT', `/api/flows/${id}`, {
      token: ann.token,
      body: { name: 'N', revision: 1, ...fewer },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect((await read()).body.data).toMatchObject({ name: 'N', revision: 2, ...fewer });
    // the canvas's save, then a read straight after it
    const moved = { nodes: fewer.nodes.map((n) => ({ ...n, position: { x: 7, y: 7 } })), edges: [] };
    expect(
      (await t.call('PUT', `/api/flows/${id}`, { token: ann.token, body: { revision: 2, ...moved } })).status,
    ).toBe(200);
    expect((await read()).body.data).toMatchObject({ revision: 3, ...moved });
    // a write this service did not see (another server of the same database): the revision moved
    await t.database.db.execute(
      sql`update flows set nodes = '[]'::json, nodes_count = 0, revision = revision + 1 where id = ${id}`,
    );
    expect((await read()).body.data).toMatchObject({ revision: 4, nodes: [] });
    expect(await storedNodes()).toEqual([]);
    expect((await read(bob.token)).status).toBe(404);
  });
});

describe('[PERF] a shared flow read by a class reuses its gzip only while the flow is unchanged', () => {
  it('answers the flow as it is after each change', async () => {
    const ann = await makeUser(t, 'ann@example.org');
    const flowId = await bigFlow(ann.token, 'Shared');
    const publish = await t.call('PUT', `/api/flows/${flowId}`, {
      token: ann.token,
      body: { published: true, revision: 1 },
    });
    expect(publish.status).toBe(200);
    const learnerRead = async () => {
      const res = await get(`/api/player/share/flow/${flowId}`, { 'Accept-Encoding': 'gzip' });
      expect(res.headers.get('Content-Encoding')).toBe('gzip');
      return JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).data;
    };
    const first = await learnerRead();
    expect(first).toMatchObject({ name: 'Shared', revision: 2 });
    expect(await learnerRead()).toEqual(first);
    await t.call('PUT', `/api/flows/${flowId}`, { token: ann.token, body: { name: 'Renamed', revision: 2 } });
    expect(await learnerRead()).toMatchObject({ name: 'Renamed', revision: 3 });
  });
});

describe('[PERF] a save of the whole graph reads and writes no more than it needs', () => {
  it('still refuses links to missing nodes and duplicate ids, and answers the flow it stored', async () => {
    const eve = await makeUser(t, 'eve@example.org');
    const graph = benchGraph(20);
    const created = await t.call('POST', '/api/flows', { token: eve.token, body: { name: 'G', ...graph } });
    const path = `/api/flows/${created.body.data._id}`;
    const save = (body: object) => t.call('PUT', path, { token: eve.token, body: { revision: 1, ...body } });

    const dangling = { ...graph.edges[0], source: 'gone' };
    const bad = await save({ nodes: graph.nodes, edges: [dangling, ...graph.edges.slice(1)] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/edges\.0\.source: node 'gone' does not exist/);
    const twice = await save({ nodes: [...graph.nodes, graph.nodes[3]], edges: graph.edges });
    expect(twice.body.message).toMatch(/nodes\.20\.id: duplicate node id/);
    // Nodes alone are checked against the stored links.
    const orphaned = await save({ nodes: graph.nodes.slice(0, 1) });
    expect(orphaned.status).toBe(400);
    expect(orphaned.body.message).toMatch(/does not exist/);

    const moved = graph.nodes.map((n, i) => (i === 2 ? { ...n, position: { x: 7, y: 9 } } : n));
    const ok = await save({ nodes: moved, edges: graph.edges });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ revision: 2, name: 'G', nodes: moved, edges: graph.edges });
    const read = await t.call('GET', path, { token: eve.token });
    expect(read.body).toEqual(ok.body);
    const stale = await save({ nodes: graph.nodes, edges: graph.edges });
    expect(stale.status).toBe(409);
    expect(stale.body.details.current).toEqual(ok.body.data);
    const renamed = await t.call('PUT', path, { token: eve.token, body: { revision: 2, name: 'H' } });
    expect(renamed.body.data).toMatchObject({ revision: 3, name: 'H', nodes: moved });
  });
});

describe('[PERF] the flow list is built by the database as JSON', () => {
  it('gives exactly the summaries the row-by-row list gives, in the same order', async () => {
    const admin = await makeUser(t, 'lia@example.org');
    const orgId = await makeOrg(t, 'List School', admin);
    const col = await t.call('POST', '/api/projects', {
      token: admin.token,
      orgId,
      body: { name: 'Café "Ω"' },
    });
    expect(col.status).toBe(201);
    const projectId = col.body.data?._id ?? col.body._id;
    const names = [
      'Plain',
      'Quote " and \\ backslash',
      'Tab\tand\nnewline',
      'Émoji 🎓 ünïcödé',
      '<b>&amp;</b>',
    ];
    for (const [i, name] of names.entries())
      expect(
        (
          await t.call('POST', '/api/flows', {
            token: admin.token,
            orgId,
            body: { name, projectId: i % 2 ? projectId : null, ...benchGraph(3 + i) },
          })
        ).status,
      ).toBe(201);
    // microseconds the Date of the row-by-row list cannot hold, and a description and icon
    await t.database.db.execute(
      sql`update flows set updated_at = '2026-11-25 10:11:12.345678+00', description = 'd\u00e9', icon_url = 'https://x.test/i.png'`,
    );
    const caller = { userId: admin.id, orgId, orgAdmin: true } as Parameters<FlowsService['listUser']>[0];
    const flows = createFlowsService(t.deps, createCollectionsService(t.deps));
    for (const limit of [1, 3, 100]) {
      const rows = await flows.listUser(caller, limit);
      expect(JSON.parse(await flows.listUserJson(caller, limit))).toEqual({
        data: JSON.parse(JSON.stringify(rows)),
      });
    }
    expect(JSON.parse(await flows.listUserJson({ ...caller, orgId: null }, 10))).toEqual({ data: [] });
    const res = await t.call('GET', '/api/flows/user?limit=100', { token: admin.token, orgId });
    expect(res.body.data.map((f: { name: string }) => f.name)).toEqual([...names].reverse());
    expect(res.body.data[1]).toMatchObject({
      updatedAt: '2026-11-25T10:11:12.345Z',
      projectId,
      projectName: 'Café "Ω"',
    });
    expect(res.body.data[0]).toMatchObject({ projectName: null, description: 'd\u00e9' });
  });
});

describe('[PERF] the caller is checked without work repeated on every request', () => {
  it('a token whose signature was checked still expires on time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
    const bea = await makeUser(t, 'bea@example.org');
    expect((await t.call('GET', '/api/auth/me', { token: bea.token })).status).toBe(200);
    vi.setSystemTime(new Date('2030-01-01T10:00:59Z'));
    expect((await t.call('GET', '/api/auth/me', { token: bea.token })).status).toBe(200);
    vi.setSystemTime(new Date('2030-01-01T10:01:01Z'));
    expect((await t.call('GET', '/api/auth/me', { token: bea.token })).status).toBe(401);
  });

  it('a new member gets in at once; a membership read is trusted for the cache time', async () => {
    const admin = await makeUser(t, 'cid@example.org');
    const dot = await makeUser(t, 'dot@example.org');
    const orgId = await makeOrg(t, 'School', admin);
    const list = () => t.call('GET', '/api/flows/user', { token: dot.token, orgId });
    expect((await list()).status).toBe(403);
    await t.database.db
      .insert(orgMembers)
      .values({ orgId, userId: dot.id, role: 'member', createdAt: new Date() });
    expect((await list()).status).toBe(200);

    // Removed behind this process's back: trusted until the cache time is over, or until forgotten.
    const db = t.database.db;
    const where = and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, dot.id));
    await db.delete(orgMembers).where(where);
    expect(await cachedMembership(db, orgId, dot.id)).toBe('member');
    forgetMembership(db, orgId, dot.id);
    expect(await cachedMembership(db, orgId, dot.id)).toBeNull();
    expect((await list()).status).toBe(403);

    await db.insert(orgMembers).values({ orgId, userId: dot.id, role: 'member', createdAt: new Date() });
    expect(await cachedMembership(db, orgId, dot.id)).toBe('member');
    await db.delete(orgMembers).where(where);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + MEMBERSHIP_CACHE_MS);
    expect(await cachedMembership(db, orgId, dot.id)).toBeNull();
  });
});

describe('[PERF] the LRS does not upsert an activity definition it has just stored', () => {
  it('a definition sent again is skipped, yet the latest one still wins and names merge', async () => {
    const lrs = createLrsService(t.deps);
    const user = await makeUser(t, 'fox@example.org');
    const space = lrsSpace({ orgId: null, userId: user.id });
    const id = 'http://x.test/activities/quiz';
    const send = (definition: Record<string, unknown>) =>
      lrs.storeStatements(space, [
        {
          actor: { mbox: 'mailto:fox@example.org' },
          verb: { id: 'http://adlnet.gov/expapi/verbs/answered' },
          object: { id, definition },
        },
      ]);
    const stored = async () =>
      (
        await t.database.db
          .select()
          .from(lrsActivities)
          .where(and(eq(lrsActivities.space, space), eq(lrsActivities.activityId, id)))
      )[0]?.definition;
    const a = { type: 'http://x.test/types/a', name: { 'en-GB': 'Quiz' } };
    const b = { type: 'http://x.test/types/b', name: { 'th-TH': 'แบบทดสอบ' } };
    await send(a);
    await send(a);
    expect(await stored()).toEqual(a);
    await send(b);
    expect(await stored()).toEqual({ type: b.type, name: { ...a.name, ...b.name } });
    await send(a);
    expect(await stored()).toEqual({ type: a.type, name: { ...a.name, ...b.name } });
  });
});
