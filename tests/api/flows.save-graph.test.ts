import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collections, flows } from '../../src/server/db/schema';
import { writeFlowFile } from '../../src/server/flows/flow-file';
import { storableGraphJson } from '../../src/server/flows/graph-check';
import type { TFlowEdge, TFlowSummary } from '../../src/shared/contract/flows';
import { FLOW_DOC_MAX_BYTES } from '../../src/shared/contract/flows';
import { createTestApp, type TestApp } from './harness';
import { link, node, smallGraph } from './helpers/graphs';
import { makeOrg, makeUser, type TestUser } from './helpers/users';

/**
 * The canvas's save (the whole graph and nothing else) is written by one statement that checks what
 * a read of the flow would; these are the cases it must refuse or hand to the longer path.
 */
let t: TestApp;
let ann: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  ann = await makeUser(t, 'ann@example.org');
  bob = await makeUser(t, 'bob@example.org');
});
afterAll(() => t.close());

const as = (user: TestUser, orgId?: string) => ({ token: user.token, orgId });
const createFlow = async (who: { token: string; orgId?: string }, body: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/api/flows', { ...who, body: { name: 'Lesson', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; revision: number; updatedAt: string };
};
const saveGraph = (
  who: { token: string; orgId?: string },
  id: string,
  revision: number,
  graph = smallGraph(),
) => t.call('PUT', `/api/flows/${id}`, { ...who, body: { revision, ...graph } });
const stored = async (id: string) => (await t.database.db.select().from(flows).where(eq(flows.id, id)))[0];

describe('[FLOWS] the canvas’s save in one statement', () => {
  it('saves for a member of the collection and moves the collection’s time with it', async () => {
    const orgId = await makeOrg(t, 'Save School', ann, [bob]);
    const col = await t.call('POST', '/api/projects', {
      ...as(ann, orgId),
      body: { name: 'Shared', collaborators: [bob.email] },
    });
    expect(col.status, JSON.stringify(col.body)).toBe(201);
    const projectId = col.body.data._id as string;
    const flow = await createFlow(as(ann, orgId), { projectId });
    const saved = await saveGraph(as(bob, orgId), flow._id, 1);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ revision: 2, projectId, ...smallGraph() });
    const [collection] = await t.database.db.select().from(collections).where(eq(collections.id, projectId));
    expect(collection.updatedAt.toISOString()).toBe(saved.body.data.updatedAt);
  });

  it('writes nothing for someone without access: 403 in an organisation, 404 in a personal space', async () => {
    const carl = await makeUser(t, 'carl@example.org');
    const orgId = await makeOrg(t, 'Closed School', ann, [carl]);
    const col = await t.call('POST', '/api/projects', { ...as(ann, orgId), body: { name: 'Private' } });
    const inCollection = await createFlow(as(ann, orgId), { projectId: col.body.data._id });
    const ownNoProject = await createFlow(as(ann, orgId));
    expect((await saveGraph(as(carl, orgId), inCollection._id, 1)).status).toBe(403);
    expect((await saveGraph(as(carl, orgId), ownNoProject._id, 1)).status).toBe(403);
    const personal = await createFlow(as(ann));
    expect((await saveGraph(as(bob), personal._id, 1)).status).toBe(404);
    // Another space's flow is not found from this one, even by its author.
    expect((await saveGraph(as(ann), inCollection._id, 1)).status).toBe(404);
    for (const f of [inCollection, ownNoProject, personal]) expect((await stored(f._id)).revision).toBe(1);
  });

  it('an invitation waiting for the saver’s address is claimed on the way, and the save goes through', async () => {
    const col = await t.call('POST', '/api/projects', {
      ...as(ann),
      body: { name: 'Home', collaborators: ['later@example.org'] },
    });
    const flow = await createFlow(as(ann), { projectId: col.body.data._id });
    const later = await makeUser(t, 'later@example.org');
    const saved = await saveGraph(as(later), flow._id, 1);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await stored(flow._id)).revision).toBe(2);
  });

  it('measures the document with the stored name and description, to the byte, near the size limit', async () => {
    // A description of control characters: 5,000 stored bytes that JSON writes as 30,000.
    const description = '\u0001'.repeat(5000);
    const flow = await createFlow(as(ann), { description });
    const row = await stored(flow._id);
    const withLabel = (label: string) => {
      const graph = smallGraph();
      graph.nodes[1].data = { ...graph.nodes[1].data, text: label };
      return graph;
    };
    const doc = (label: string) => ({
      name: row.name,
      description,
      iconUrl: row.iconUrl,
      ...withLabel(label),
      published: row.published,
    });
    const base = storableGraphJson(doc('')).bytes;
    const atLimit = 'x'.repeat(FLOW_DOC_MAX_BYTES - base);
    expect(storableGraphJson(doc(atLimit)).bytes).toBe(FLOW_DOC_MAX_BYTES);
    const over = await saveGraph(as(ann), flow._id, 1, withLabel(`${atLimit}x`));
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('The flow is too large: 5.0 MB, at most 5.0 MB.');
    const fits = await saveGraph(as(ann), flow._id, 1, withLabel(atLimit));
    expect(fits.status, JSON.stringify(fits.body).slice(0, 300)).toBe(200);
    expect((await stored(flow._id)).revision).toBe(2);
  });

  it('stores each part of the graph that changed, and keeps the part sent as it was', async () => {
    const flow = await createFlow(as(ann), smallGraph());
    const graph = smallGraph();
    const moved = {
      ...graph,
      nodes: graph.nodes.map((n, i) => (i ? n : { ...n, position: { x: 5, y: 6 } })),
    };
    expect((await saveGraph(as(ann), flow._id, 1, moved)).status).toBe(200);
    const unlinked = { ...moved, edges: moved.edges.slice(1) };
    expect((await saveGraph(as(ann), flow._id, 2, unlinked)).status).toBe(200);
    const row = await stored(flow._id);
    expect({ nodes: row.nodes, edges: row.edges, revision: row.revision }).toEqual({
      ...unlinked,
      revision: 3,
    });
    const read = await t.call('GET', `/api/flows/${flow._id}`, as(ann));
    expect(read.body.data).toMatchObject({ ...unlinked, revision: 3 });
  });

  it('checks the links again when a save changes what the rules read, even with the links unchanged', async () => {
    // csv rows into a sheet block pass once a sheet is chosen
    const graph = {
      nodes: [
        node('rows', 'csvBuilderNode'),
        node('sheet', 'writeToGoogleSpreadsheetNode', { spreadsheetId: 's1' }),
      ],
      edges: [] as TFlowEdge[],
    };
    expect(
      link(graph.nodes, graph.edges, {
        source: 'rows',
        sourceHandle: 'csv',
        target: 'sheet',
        targetHandle: 'csv',
      }),
    ).toBe(true);
    const flow = await createFlow(as(ann), graph);
    const moved = { ...graph, nodes: graph.nodes.map((n) => ({ ...n, position: { x: 9, y: 9 } })) };
    expect((await saveGraph(as(ann), flow._id, 1, moved)).status).toBe(200);
    expect((await saveGraph(as(ann), flow._id, 2, moved)).status).toBe(200);
    // the same links, but the sheet is no longer chosen: refused, and nothing is written
    const unchosen = { ...moved, nodes: [moved.nodes[0], { ...moved.nodes[1], data: { label: 'Sheet' } }] };
    const refused = await saveGraph(as(ann), flow._id, 3, unchosen);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.message).toMatch(/link rules/);
    expect((await stored(flow._id)).revision).toBe(3);
  });
});

// The block count the flow lists show is written by the server with every write of a graph (no longer
// generated by PostgreSQL): each way a graph is written must keep it equal to the graph's length.

/** Every flow whose stored count is not its stored graph's length, with both. */
async function miscounted() {
  const rows = (await t.database.db.execute(
    sql`select id, nodes_count, json_array_length(nodes) as length from flows
      where nodes_count <> json_array_length(nodes)`,
  )) as unknown as { rows: unknown[] } | unknown[];
  return Array.isArray(rows) ? rows : rows.rows;
}
const counts = async () => {
  const res = await t.call('GET', '/api/flows/user?limit=100', { token: ann.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries((res.body.data as TFlowSummary[]).map((f) => [f.name, f.nodesCount]));
};
const ok = (res: { status: number; body: unknown }, status = 200) =>
  expect(res.status, JSON.stringify(res.body)).toBe(status);

describe('[FLOWS] the block count of the lists', () => {
  it('follows every write of a graph: create, canvas save, save with a name, import, duplicate, copies', async () => {
    const graph = smallGraph();
    const flow = await createFlow(as(ann), graph);
    expect(await counts()).toEqual({ Lesson: 3 });

    // the canvas's save (the graph alone): one block more
    const wider = { nodes: [...graph.nodes, node('extra', 'textNode')], edges: graph.edges };
    ok(await saveGraph(as(ann), flow._id, 1, wider));
    expect(await counts()).toEqual({ Lesson: 4 });

    // a save with other fields: the Start block alone
    const start = { nodes: [node('start', 'beginNode')], edges: [] };
    const renamed = await t.call('PUT', `/api/flows/${flow._id}`, {
      token: ann.token,
      body: { revision: 2, name: 'Renamed', ...start },
    });
    ok(renamed);
    expect(await counts()).toEqual({ Renamed: 1 });

    // an import into the flow, and one as a new flow: the file's three blocks
    const file = writeFlowFile({
      name: 'Imported',
      description: '',
      iconUrl: null,
      published: false,
      ...graph,
    });
    const upload = (path: string, headers: Record<string, string> = {}) =>
      t.call('POST', path, {
        token: ann.token,
        headers: { 'Content-Type': 'application/octet-stream', ...headers },
        raw: file as unknown as BodyInit,
      });
    ok(await upload(`/api/flows/${flow._id}/import`, { 'If-Match': '3' }));
    ok(await upload('/api/server-flow/import'), 201);
    ok(await t.call('POST', `/api/flows/${flow._id}/duplicate`, { token: ann.token }), 201);
    const names = await counts();
    expect(Object.values(names)).toEqual([3, 3, 3]);

    // a collection copied into an organisation copies its flows with their counts
    const orgId = await makeOrg(t, 'Count School', ann, []);
    const col = await t.call('POST', '/api/projects', { token: ann.token, body: { name: 'Unit' } });
    ok(col, 201);
    const inCollection = await t.call('POST', '/api/flows', {
      token: ann.token,
      body: { name: 'Unit lesson', projectId: col.body.data._id, ...wider },
    });
    ok(inCollection, 201);
    ok(
      await t.call('POST', `/api/projects/${col.body.data._id}/copy-to-org`, {
        token: ann.token,
        body: { orgId },
      }),
      201,
    );
    const copied = await t.call('GET', '/api/flows/user?limit=100', { token: ann.token, orgId });
    ok(copied);
    expect((copied.body.data as TFlowSummary[]).map((f) => [f.name, f.nodesCount])).toEqual([
      ['Unit lesson', 4],
    ]);

    expect(await miscounted()).toEqual([]);
  });
});
