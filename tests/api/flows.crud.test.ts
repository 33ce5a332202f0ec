import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { flows as flowsTable } from '../../src/server/db/schema';
import {
  ZFlowListResponse,
  ZFlowResponse,
  ZFlowSearchResponse,
  ZFlowsWithMessage,
  ZFlowWithMessage,
} from '../../src/shared/contract/flows';
import { sortFlows } from '../../src/shared/domain/flow-sort';
import { createTestApp, type TestApp } from './harness';
import { smallGraph } from './helpers/graphs';
import { makeUser, type TestUser } from './helpers/users';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let t: TestApp;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  ann = await makeUser(t, 'ann@example.org');
});
afterAll(() => t.close());

const project = async (name = 'Course') =>
  (await t.call('POST', '/api/projects', { token: ann.token, body: { name } })).body.data._id as string;
const create = async (body: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/api/flows', { token: ann.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZFlowWithMessage.parse(res.body).data;
};
const save = (id: string, body: Record<string, unknown>) =>
  t.call('PUT', `/api/flows/${id}`, { token: ann.token, body });
const names = (body: { data: Array<{ name: string }> }) => body.data.map((f) => f.name);

describe('[FLOWS] create, read, save, delete', () => {
  it('creates a flow named Untitled by default, with _id, id and revision 1', async () => {
    const flow = await create();
    expect(flow).toMatchObject({
      name: 'Untitled',
      description: '',
      iconUrl: null,
      projectId: null,
      published: false,
    });
    expect(flow).toMatchObject({ nodes: [], edges: [], revision: 1, ownerId: ann.id, orgId: null });
    expect(flow.id).toBe(flow._id);
    const got = await t.call('GET', `/api/flows/${flow._id}`, { token: ann.token });
    expect(ZFlowResponse.parse(got.body).data).toEqual(flow);
    const viaServerFlow = await t.call('GET', `/api/server-flow/${flow._id}`, { token: ann.token });
    expect(viaServerFlow.body.data).toEqual(flow);
  });

  it('saves with the revision it started from, answering revision + 1', async () => {
    const projectId = await project();
    const flow = await create({ name: 'Lesson', projectId });
    const res = await save(flow._id, { revision: 1, name: 'Lesson 1', ...smallGraph(), published: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Lesson 1', revision: 2, published: true, projectId });
    expect(res.body.data.edges).toEqual(smallGraph().edges);
    const renamed = await save(flow._id, { revision: 2, name: '  ' });
    expect(renamed.body.data).toMatchObject({ name: 'Untitled', revision: 3 });
    expect(renamed.body.data.nodes).toHaveLength(3);
    expect((await save(flow._id, { name: 'no revision' })).status).toBe(400);
  });

  it('a save of the whole graph alone (the canvas’s): stored as sent, revision + 1, a stale one 409', async () => {
    for (const projectId of [null, await project('Graphs')]) {
      const flow = await create({ name: 'Canvas', projectId });
      const graph = smallGraph();
      graph.nodes[1].position = { x: 321, y: 123 };
      const saved = await save(flow._id, { revision: 1, ...graph });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ name: 'Canvas', revision: 2, projectId, ...graph });
      expect(Date.parse(saved.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(flow.updatedAt));
      const read = await t.call('GET', `/api/flows/${flow._id}`, { token: ann.token });
      expect(read.body.data).toEqual(saved.body.data);
      const stale = await save(flow._id, { revision: 1, ...smallGraph() });
      expect(stale.status).toBe(409);
      expect(stale.body.details.current).toEqual(saved.body.data);
    }
  });

  it('answers a stale save with 409 and the current copy; nothing is overwritten', async () => {
    const flow = await create({ name: 'Shared' });
    const [first, second] = await Promise.all([
      save(flow._id, { revision: 1, name: 'From tab A' }),
      save(flow._id, { revision: 1, name: 'From tab B' }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const lost = first.status === 409 ? first : second;
    const won = first.status === 200 ? first : second;
    expect(lost.body).toMatchObject({ message: 'This flow was changed elsewhere.', errorCode: 'CONFLICT' });
    expect(lost.body.details.current).toEqual(won.body.data);
    const again = await save(flow._id, { revision: 1, name: 'Late' });
    expect(again.status).toBe(409);
    expect(again.body.details.current).toMatchObject({ name: won.body.data.name, revision: 2 });
    const now = await t.call('GET', `/api/flows/${flow._id}`, { token: ann.token });
    expect(now.body.data.name).toBe(won.body.data.name);
  });

  it('refuses a save that breaks the link rules (400 naming the link), but keeps links already marked broken', async () => {
    const flow = await create();
    const { nodes, edges } = smallGraph();
    const wrong = { ...edges[1], id: 'bad', sourceHandle: 'text', targetHandle: 'in' };
    const res = await save(flow._id, { revision: 1, nodes, edges: [edges[0], wrong] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("link 'bad'");
    expect(res.body.details.brokenLinks[0]).toMatchObject({ edgeId: 'bad', code: 'type-mismatch' });
    const marked = { ...wrong, data: { broken: { code: 'type-mismatch', reason: 'was broken on import' } } };
    const ok = await save(flow._id, { revision: 1, nodes, edges: [edges[0], marked] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const unknown = await save(flow._id, {
      revision: 2,
      nodes: [...nodes, { id: 'x', type: 'madeUpNode', position: { x: 0, y: 0 } }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('madeUpNode');
    const dangling = await save(flow._id, { revision: 2, nodes: nodes.slice(0, 1) });
    expect(dangling.status).toBe(400);
    expect(dangling.body.message).toMatch(/edges\.\d+\.(source|target)/);
    const created = await t.call('POST', '/api/flows', { token: ann.token, body: { nodes, edges: [wrong] } });
    expect(created.status).toBe(400);
  });

  it('caps a flow document at 5 MB and refuses text PostgreSQL cannot store', async () => {
    const flow = await create();
    const big = {
      id: 'big',
      type: 'textNode',
      position: { x: 0, y: 0 },
      data: { text: 'x'.repeat(5 * 1024 * 1024) },
    };
    const res = await save(flow._id, { revision: 1, nodes: [big] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('too large');
    const nul = await save(flow._id, { revision: 1, nodes: [{ ...big, data: { text: 'a\u0000b' } }] });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toContain('nodes.0.data.text');
    const surrogate = await save(flow._id, { revision: 1, nodes: [{ ...big, data: { text: '\ud800' } }] });
    expect(surrogate.status).toBe(400);
    expect((await t.call('GET', `/api/flows/${flow._id}`, { token: ann.token })).body.data.revision).toBe(1);
  });

  it('deletes a flow with the toast text', async () => {
    const flow = await create();
    const res = await t.call('DELETE', `/api/flows/${flow._id}`, { token: ann.token });
    expect(res.body).toEqual({ message: 'File deleted successfully.' });
    expect((await t.call('GET', `/api/flows/${flow._id}`, { token: ann.token })).status).toBe(404);
    expect((await t.call('DELETE', `/api/flows/${flow._id}`, { token: ann.token })).status).toBe(404);
  });
});

describe('[FLOWS] duplicate, move, copy', () => {
  it('duplicates into the same collection as "X (copy)", first in the default order', async () => {
    const projectId = await project();
    const flow = await create({ name: 'Quiz', projectId, ...smallGraph() });
    await create({ name: 'Other', projectId });
    const res = await t.call('POST', `/api/flows/${flow._id}/duplicate`, { token: ann.token });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('File duplicated successfully.');
    expect(res.body.data).toMatchObject({
      name: 'Quiz (copy)',
      projectId,
      revision: 1,
      nodes: flow.nodes,
      edges: flow.edges,
    });
    expect(res.body.data._id).not.toBe(flow._id);
    const list = await t.call('GET', `/api/projects/${projectId}/flows`, { token: ann.token });
    expect(names(list.body)).toEqual(['Quiz (copy)', 'Other', 'Quiz']);
  });

  it('moves flows to a collection and back to No Project, naming the target in the message', async () => {
    const projectId = await project('Geography');
    const a = await create({ name: 'A' });
    const b = await create({ name: 'B' });
    const res = await t.call('POST', '/api/flows/move-to-project', {
      token: ann.token,
      body: { flowIds: [a._id, b._id], projectId },
    });
    expect(res.status).toBe(200);
    expect(ZFlowsWithMessage.parse(res.body).message).toBe('File moved to Geography successfully.');
    expect(res.body.data.map((f: { projectId: string }) => f.projectId)).toEqual([projectId, projectId]);
    expect(res.body.data[0].revision).toBe(1);
    const back = await t.call('POST', '/api/flows/move-to-project', {
      token: ann.token,
      body: { flowIds: [a._id], projectId: null },
    });
    expect(back.body.message).toBe('File moved to No Project successfully.');
    const inProject = await t.call('GET', `/api/projects/${projectId}/flows`, { token: ann.token });
    expect(names(inProject.body)).toEqual(['B']);
    const bad = await t.call('POST', '/api/flows/move-to-project', {
      token: ann.token,
      body: { flowIds: [], projectId },
    });
    expect(bad.status).toBe(400);
  });

  it('copies flows to a collection with new ids, leaving the originals', async () => {
    const projectId = await project('History');
    const a = await create({ name: 'A', ...smallGraph() });
    const res = await t.call('POST', '/api/flows/copy-to-project', {
      token: ann.token,
      body: { flowIds: [a._id], projectId },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('File copied to History successfully.');
    expect(res.body.data[0]).toMatchObject({ name: 'A', projectId, nodesCount: 3 });
    expect(res.body.data[0]._id).not.toBe(a._id);
    const toNone = await t.call('POST', '/api/flows/copy-to-project', {
      token: ann.token,
      body: { flowIds: [a._id], projectId: null },
    });
    expect(toNone.body.message).toBe('File copied to No Project successfully.');
    expect(await t.database.db.select().from(flowsTable)).toHaveLength(3);
  });
});

describe('[FLOWS] lists, sorting and search', () => {
  it('sorts a collection’s flows naturally by trimmed name and by update time', async () => {
    const projectId = await project();
    for (const name of ['Flow 10', ' Flow 2', 'flow 1', 'Alpha']) await create({ name, projectId });
    const list = (sortBy: string) =>
      t.call('GET', `/api/projects/${projectId}/flows?sortBy=${sortBy}`, { token: ann.token });
    expect(names((await list('A-Z')).body)).toEqual(['Alpha', 'flow 1', 'Flow 2', 'Flow 10']);
    expect(names((await list('Z-A')).body)).toEqual(['Flow 10', 'Flow 2', 'flow 1', 'Alpha']);
    const first = ZFlowListResponse.parse((await list('default')).body).data.find((f) => f.name === 'flow 1');
    await save(first?._id as string, { revision: 1, description: 'touched' });
    expect(names((await list('ascending')).body)[0]).toBe('flow 1');
    expect(names((await list('descending')).body)).toEqual(['Flow 10', 'Flow 2', 'Alpha', 'flow 1']);
    expect(names((await list('default')).body)).toEqual(['Alpha', 'flow 1', 'Flow 2', 'Flow 10']);
    expect((await list('sideways')).status).toBe(400);
    const keyword = await t.call('GET', `/api/projects/${projectId}/flows?keyword=flow%201`, {
      token: ann.token,
    });
    expect(names(keyword.body)).toEqual(['flow 1', 'Flow 10']);
  });

  it('puts summaries lacking a date last, as the client sorts lists it merged itself', async () => {
    const projectId = await project();
    await create({ name: 'Older', projectId });
    await create({ name: 'Newer', projectId });
    const data = ZFlowListResponse.parse(
      (await t.call('GET', `/api/projects/${projectId}/flows`, { token: ann.token })).body,
    ).data;
    const undated = { ...data[0], _id: 'x', name: 'Undated', updatedAt: '' };
    expect(sortFlows([undated, ...data], 'ascending').map((f) => f.name)).toEqual([
      'Newer',
      'Older',
      'Undated',
    ]);
    expect(sortFlows([undated, ...data], 'descending').map((f) => f.name)).toEqual([
      'Older',
      'Newer',
      'Undated',
    ]);
  });

  it('lists the user’s flows of the space as summaries with nodesCount', async () => {
    const projectId = await project();
    await create({ name: 'Loose', ...smallGraph() });
    await create({ name: 'In project', projectId });
    const res = await t.call('GET', '/api/flows/user?limit=1000', { token: ann.token });
    const data = ZFlowListResponse.parse(res.body).data;
    expect(data.map((f) => [f.name, f.nodesCount])).toEqual([
      ['In project', 0],
      ['Loose', 3],
    ]);
    expect(res.body.data[0]).not.toHaveProperty('nodes');
    expect(names((await t.call('GET', '/api/flows/user?limit=1', { token: ann.token })).body)).toEqual([
      'In project',
    ]);
    expect((await t.call('GET', '/api/flows/user?limit=0', { token: ann.token })).status).toBe(400);
  });

  it('searches flows and collections by keyword; tools are empty', async () => {
    const projectId = await project('Maths club');
    await create({ name: 'Maths warm-up', projectId });
    await create({ name: 'Reading' });
    const res = await t.call('GET', '/api/flows/search?keyword=maths&limit=1000', { token: ann.token });
    const body = ZFlowSearchResponse.parse(res.body);
    expect(body.flows.map((f) => f.name)).toEqual(['Maths warm-up']);
    expect(body.collections.map((c) => c._id)).toEqual([projectId]);
    expect(body).toMatchObject({ tools: [], flowsCount: 1 });
    const all = ZFlowSearchResponse.parse(
      (await t.call('GET', '/api/flows/search?limit=1', { token: ann.token })).body,
    );
    expect(all.flows).toHaveLength(1);
    expect(all.flowsCount).toBe(2);
  });
});
