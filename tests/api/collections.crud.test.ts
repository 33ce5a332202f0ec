import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { flows as flowsTable } from '../../src/server/db/schema';
import {
  ZCollectionListResponse,
  ZCollectionResponse,
  ZCollectionWithMessage,
} from '../../src/shared/contract/collections';
import { createTestApp, type TestApp } from './harness';
import { smallGraph } from './helpers/graphs';
import { makeOrg, makeUser, type TestUser } from './helpers/users';

// PGlite starts slowly on a busy machine; these are functional tests, not timed ones.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const create = (u: TestUser, body: unknown, orgId?: string) =>
  t.call('POST', '/api/projects', { token: u.token, orgId, body });
const newFlow = (u: TestUser, projectId: string | null, name = 'Flow', orgId?: string) =>
  t.call('POST', '/api/flows', { token: u.token, orgId, body: { name, projectId, ...smallGraph() } });

describe('[COLLECTIONS] create, read, update, delete', () => {
  it('creates a collection owned by the caller, with the spec fields and the toast text', async () => {
    const ann = await makeUser(t, 'ann@example.org', 'Ann');
    const res = await create(ann, { name: '  Biology  ', description: 'Cells and more' });
    expect(res.status).toBe(201);
    const { data, message } = ZCollectionWithMessage.parse(res.body);
    expect(message).toBe('Collection created successfully.');
    expect(data).toMatchObject({
      name: 'Biology',
      description: 'Cells and more',
      ownerId: ann.id,
      orgId: null,
    });
    expect(data).toMatchObject({ flowsCount: 0, flows: [], collaborators: [], role: 'owner' });
    expect(data._id).toMatch(/^[0-9a-f]{24}$/);
    expect(data.id).toBe(data._id);
    const got = await t.call('GET', `/api/projects/${data._id}`, { token: ann.token });
    expect(ZCollectionResponse.parse(got.body).data).toEqual(data);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const ann = await makeUser(t, 'ann@example.org');
    for (const body of [
      {},
      { name: '' },
      { name: 'x'.repeat(121) },
      { name: 'a', description: 'd'.repeat(2001) },
      { name: 'a\u0000b' },
    ]) {
      const res = await create(ann, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.message).toMatch(/name|description/);
    }
    const bad = await create(ann, { name: 'ok', collaborators: ['not-an-email'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('collaborators.0');
    expect((await t.call('GET', '/api/projects/nope', { token: ann.token })).status).toBe(400);
    expect((await t.call('GET', '/api/projects/0123456789abcdef01234567', { token: ann.token })).status).toBe(
      404,
    );
  });

  it('lists the caller’s collections of the current space by updatedAt, with flowsCount and keyword search', async () => {
    const ann = await makeUser(t, 'ann@example.org');
    const a = (await create(ann, { name: 'Algebra' })).body.data;
    const b = (await create(ann, { name: 'Botany 50%' })).body.data;
    await newFlow(ann, a._id, 'First');
    await newFlow(ann, a._id, 'Second');
    const list = ZCollectionListResponse.parse(
      (await t.call('GET', '/api/projects', { token: ann.token })).body,
    ).data;
    expect(list.map((c) => c.name)).toEqual(['Algebra', 'Botany 50%']);
    expect(list[0]).toMatchObject({ flowsCount: 2 });
    expect(list[0].flows.map((f) => f.name)).toEqual(['Second', 'First']);
    expect(list[1].flowsCount).toBe(0);
    const found = await t.call('GET', '/api/projects?keyword=50%25', { token: ann.token });
    expect(found.body.data.map((c: { _id: string }) => c._id)).toEqual([b._id]);
    const none = await t.call('GET', '/api/projects?keyword=_', { token: ann.token });
    expect(none.body.data).toEqual([]);
  });

  it('updates name and description (owner), answering the toast text', async () => {
    const ann = await makeUser(t, 'ann@example.org');
    const col = (await create(ann, { name: 'Old' })).body.data;
    const res = await t.call('PUT', `/api/projects/${col._id}`, {
      token: ann.token,
      body: { name: 'New', description: 'D' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Collection updated successfully.');
    expect(res.body.data).toMatchObject({ name: 'New', description: 'D' });
    expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(col.updatedAt));
    expect(
      (await t.call('PUT', `/api/projects/${col._id}`, { token: ann.token, body: { name: '' } })).status,
    ).toBe(400);
  });

  it('deletes the collection with its flows', async () => {
    const ann = await makeUser(t, 'ann@example.org');
    const col = (await create(ann, { name: 'Gone' })).body.data;
    const flow = (await newFlow(ann, col._id)).body.data;
    const keep = (await newFlow(ann, null)).body.data;
    const res = await t.call('DELETE', `/api/projects/${col._id}`, { token: ann.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Collection deleted successfully.' });
    expect((await t.call('GET', `/api/projects/${col._id}`, { token: ann.token })).status).toBe(404);
    expect((await t.call('GET', `/api/flows/${flow._id}`, { token: ann.token })).status).toBe(404);
    expect((await t.call('GET', `/api/flows/${keep._id}`, { token: ann.token })).status).toBe(200);
    expect(await t.database.db.select().from(flowsTable)).toHaveLength(1);
  });
});

describe('[COLLECTIONS] spaces', () => {
  it('keeps personal and organisation collections apart (another space answers 404)', async () => {
    const ann = await makeUser(t, 'ann@example.org');
    const bob = await makeUser(t, 'bob@example.org');
    const org = await makeOrg(t, 'School', ann, [bob]);
    const personal = (await create(ann, { name: 'Mine' })).body.data;
    const shared = (await create(ann, { name: 'School work' }, org)).body.data;
    expect(shared.orgId).toBe(org);
    const inPersonal = await t.call('GET', '/api/projects', { token: ann.token });
    expect(inPersonal.body.data.map((c: { name: string }) => c.name)).toEqual(['Mine']);
    const inOrg = await t.call('GET', '/api/projects', { token: ann.token, orgId: org });
    expect(inOrg.body.data.map((c: { name: string }) => c.name)).toEqual(['School work']);
    expect((await t.call('GET', `/api/projects/${shared._id}`, { token: ann.token })).status).toBe(404);
    expect(
      (await t.call('GET', `/api/projects/${personal._id}`, { token: ann.token, orgId: org })).status,
    ).toBe(404);
    // Someone else's personal collection does not exist for them.
    expect((await t.call('GET', `/api/projects/${personal._id}`, { token: bob.token })).status).toBe(404);
    // A member of the organisation without a role sees that it exists, but may not open it.
    expect(
      (await t.call('GET', `/api/projects/${shared._id}`, { token: bob.token, orgId: org })).status,
    ).toBe(403);
  });

  it('copies a collection with its flows to another organisation; the caller owns the copy', async () => {
    const ann = await makeUser(t, 'ann@example.org');
    const bob = await makeUser(t, 'bob@example.org');
    const org = await makeOrg(t, 'School', bob, [ann]);
    const other = await makeOrg(t, 'Elsewhere', bob);
    const col = (await create(ann, { name: 'Physics', description: 'Forces' })).body.data;
    const f1 = (await newFlow(ann, col._id, 'Gravity')).body.data;
    await newFlow(ann, col._id, 'Friction');
    const res = await t.call('POST', `/api/projects/${col._id}/copy-to-org`, {
      token: ann.token,
      body: { orgId: org },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Collection copied successfully.');
    const copy = res.body.data;
    expect(copy).toMatchObject({
      name: 'Physics',
      description: 'Forces',
      orgId: org,
      ownerId: ann.id,
      flowsCount: 2,
    });
    expect(copy._id).not.toBe(col._id);
    const flows = await t.call('GET', `/api/projects/${copy._id}/flows?sortBy=A-Z`, {
      token: ann.token,
      orgId: org,
    });
    expect(flows.body.data.map((f: { name: string }) => f.name)).toEqual(['Friction', 'Gravity']);
    expect(flows.body.data.map((f: { _id: string }) => f._id)).not.toContain(f1._id);
    const copied = await t.call('GET', `/api/flows/${flows.body.data[1]._id}`, {
      token: ann.token,
      orgId: org,
    });
    expect(copied.body.data).toMatchObject({ nodes: f1.nodes, edges: f1.edges, revision: 1, orgId: org });
    // Back to personal works too; a space the caller is not in does not.
    const back = await t.call('POST', `/api/projects/${copy._id}/copy-to-org`, {
      token: ann.token,
      orgId: org,
      body: { orgId: 'personal' },
    });
    expect(back.status).toBe(201);
    expect(back.body.data.orgId).toBeNull();
    const refused = await t.call('POST', `/api/projects/${col._id}/copy-to-org`, {
      token: ann.token,
      body: { orgId: other },
    });
    expect(refused.status).toBe(403);
    const bad = await t.call('POST', `/api/projects/${col._id}/copy-to-org`, {
      token: ann.token,
      body: { orgId: 'x' },
    });
    expect(bad.status).toBe(400);
  });
});
