import { readFileSync } from 'node:fs';
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { flows as flowsTable } from '../../src/server/db/schema';
import { writeFlowFile } from '../../src/server/flows/flow-file';
import { type TFlow, type TFlowDocument, ZImportResponse } from '../../src/shared/contract/flows';
import { LEGACY_V0_FLOW, legacyV0File } from '../fixtures/flows/legacy-v0';
import { createTestApp, type TestApp } from './harness';
import { arbFlowDocument, smallGraph } from './helpers/graphs';
import { makeUser, type TestUser } from './helpers/users';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

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

const APP_VERSION = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
const octets = { 'Content-Type': 'application/octet-stream' };
const upload = (path: string, raw: Uint8Array, headers: Record<string, string> = {}) =>
  t.call('POST', path, {
    token: ann.token,
    headers: { ...octets, ...headers },
    raw: raw as unknown as BodyInit,
  });
async function download(id: string) {
  const res = await t.app.request(`/api/flows/${id}/export`, {
    headers: { Authorization: `Bearer ${ann.token}` },
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}
const documentOf = (f: TFlow): TFlowDocument => ({
  name: f.name,
  description: f.description,
  iconUrl: f.iconUrl,
  nodes: f.nodes,
  edges: f.edges,
  published: f.published,
});
const rows = async () => (await t.database.db.select({ n: count() }).from(flowsTable))[0].n;
async function createFlow(doc: Partial<TFlowDocument> = {}) {
  const res = await t.call('POST', '/api/flows', {
    token: ann.token,
    body: { name: 'Lesson', ...smallGraph(), ...doc },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as TFlow;
}

describe('[FLOWS] .flow export', () => {
  it('downloads a zip with manifest.json and flow.json, named {name}-{date}-{time}.flow', async () => {
    const flow = await createFlow({ name: 'My Lesson' });
    const { res, bytes } = await download(flow._id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="My-Lesson-\d{4}-\d{2}-\d{2}-\d{6}\.flow"/,
    );
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(['flow.json', 'manifest.json']);
    const manifest = JSON.parse(strFromU8(files['manifest.json']));
    expect(manifest).toMatchObject({ format: 'flowlearn.flow', formatVersion: 1, appVersion: APP_VERSION });
    expect(manifest.nodeTypes).toEqual({ beginNode: 1, textNode: 1, displayNode: 1 });
    expect(Date.parse(manifest.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.parse(strFromU8(files['flow.json']))).toEqual(documentOf(flow));
  });
});

describe('[FLOWS] .flow import', () => {
  it('round trip: export then import yields an identical flow document (property over generated flows)', async () => {
    await fc.assert(
      fc.asyncProperty(arbFlowDocument, async (doc) => {
        const created = await createFlow({ ...doc });
        const saved = await t.call('PUT', `/api/flows/${created._id}`, {
          token: ann.token,
          body: { revision: 1, published: doc.published },
        });
        const original = saved.body.data as TFlow;
        expect(documentOf(original)).toEqual(doc);
        const { bytes } = await download(original._id);
        const imported = await upload('/api/server-flow/import', bytes);
        expect(imported.status, JSON.stringify(imported.body)).toBe(201);
        const { data, report } = ZImportResponse.parse(imported.body);
        expect(report.brokenLinks).toEqual([]);
        expect(data._id).not.toBe(original._id);
        // The original is in the same place, so the import is named as a copy (as duplicate names it).
        expect(data.name).toMatch(/ \(copy( \d+)?\)$/);
        expect({ ...documentOf(data), name: original.name }).toEqual(documentOf(original));
      }),
      { numRuns: 25 },
    );
  });

  it('imports into an existing flow, replacing its document; If-Match guards the revision', async () => {
    const source = await createFlow({ name: 'Source', description: 'from the file' });
    const target = await createFlow({ name: 'Target', nodes: [], edges: [] });
    const { bytes } = await download(source._id);
    const stale = await upload(`/api/flows/${target._id}/import`, bytes, { 'If-Match': '"7"' });
    expect(stale.status).toBe(409);
    expect(stale.body.details.current.revision).toBe(1);
    const badHeader = await upload(`/api/flows/${target._id}/import`, bytes, { 'If-Match': 'soon' });
    expect(badHeader.status).toBe(400);
    expect(JSON.stringify(badHeader.body)).toContain('If-Match');
    // The editor's "Replace from file" sends the id of the open flow; a malformed one names the field.
    const badId = await upload('/api/flows/not-an-id/import', bytes, { 'If-Match': '1' });
    expect(badId.status).toBe(400);
    expect(JSON.stringify(badId.body)).toContain('id');
    const res = await upload(`/api/flows/${target._id}/import`, bytes, { 'If-Match': '1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: target._id,
      revision: 2,
      name: 'Source',
      description: 'from the file',
    });
    expect(documentOf(res.body.data)).toEqual(documentOf(source));
    expect(res.body.report).toMatchObject({ formatVersion: 1, migrations: [], nodesCount: 3, edgesCount: 2 });
    const noHeader = await upload(`/api/flows/${target._id}/import`, bytes);
    expect(noHeader.body.data.revision).toBe(3);
  });

  it('imports into a collection with ?projectId=', async () => {
    const col = (await t.call('POST', '/api/projects', { token: ann.token, body: { name: 'Imports' } })).body
      .data;
    const { bytes } = await download((await createFlow())._id);
    const res = await upload(`/api/server-flow/import?projectId=${col._id}`, bytes);
    expect(res.status).toBe(201);
    expect(res.body.data.projectId).toBe(col._id);
    expect((await t.call('GET', `/api/server-flow/${res.body.data._id}`, { token: ann.token })).status).toBe(
      200,
    );
  });

  it('migration: the version-0 fixture opens as the current version, its broken links kept and marked', async () => {
    const res = await upload('/api/server-flow/import', legacyV0File());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { data, report } = ZImportResponse.parse(res.body);
    expect(report.formatVersion).toBe(0);
    expect(report.migrations).toEqual(['0→1: node settings moved out of data.config; title became name']);
    expect(data).toMatchObject({
      name: 'Legacy lesson',
      description: 'Made before format versions',
      published: true,
    });
    expect(data.nodes.find((n) => n.id === 'intro')?.data).toEqual({
      label: 'Intro',
      text: 'Hello from 2024',
    });
    expect(data.nodes.find((n) => n.id === 'show')?.data).toEqual({
      label: 'Show',
      textColor: '#333333',
      autoExecuteNextNode: true,
    });
    expect(data.nodes.every((n) => !('config' in (n.data ?? {})))).toBe(true);
    expect(data.edges.map((e) => e.id)).toEqual(LEGACY_V0_FLOW.edges.map((e) => e.id));
    expect(report.brokenLinks.map((b) => [b.edgeId, b.code])).toEqual([
      ['e3', 'type-mismatch'],
      ['e4', 'statement-source-taken'],
    ]);
    const e3 = data.edges.find((e) => e.id === 'e3');
    expect(e3?.data?.broken).toEqual({ code: 'type-mismatch', reason: report.brokenLinks[0].reason });
    expect(data.edges.find((e) => e.id === 'e1')?.data?.broken).toBeUndefined();
    // Re-exported, it is a current file and comes back unchanged.
    const again = await upload('/api/server-flow/import', (await download(data._id)).bytes);
    expect(again.body.report.formatVersion).toBe(1);
    expect(again.body.data.name).toBe(`${data.name} (copy)`);
    expect({ ...documentOf(again.body.data), name: data.name }).toEqual(documentOf(data));
  });
});

describe('[FLOWS] .flow import refuses bad files before writing anything', () => {
  const zip = (files: Record<string, unknown>, level: 0 | 6 | 9 = 6) =>
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([k, v]) => [
          k,
          v instanceof Uint8Array ? v : strToU8(typeof v === 'string' ? v : JSON.stringify(v)),
        ]),
      ),
      { level },
    );
  const manifest = {
    format: 'flowlearn.flow',
    formatVersion: 1,
    appVersion: '1',
    exportedAt: '2026-01-01',
    nodeTypes: {},
  };
  const flowDoc = { name: 'X', description: '', iconUrl: null, published: false, ...smallGraph() };

  /** The file is refused with `status` and a message matching `message`; no flow row is added or changed. */
  async function refused(bytes: Uint8Array, message: RegExp, status = 400) {
    const target = await createFlow({ name: 'Target' });
    const before = await rows();
    const asNew = await upload('/api/server-flow/import', bytes);
    expect(asNew.status, JSON.stringify(asNew.body)).toBe(status);
    expect(asNew.body.message).toMatch(message);
    const into = await upload(`/api/flows/${target._id}/import`, bytes);
    expect(into.status).toBe(status);
    expect(await rows()).toBe(before);
    const after = await t.call('GET', `/api/flows/${target._id}`, { token: ann.token });
    expect(after.body.data).toEqual(target);
    await t.call('DELETE', `/api/flows/${target._id}`, { token: ann.token });
  }

  it('random bytes, and bytes that only look like a zip', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 2000 }), async (bytes) => {
        const before = await rows();
        const res = await upload('/api/server-flow/import', bytes);
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/not a \.flow file|damaged|no manifest/);
        expect(await rows()).toBe(before);
      }),
      { numRuns: 30 },
    );
    await refused(new Uint8Array([1, 2, 3]), /The file is not a \.flow file \(not a zip archive\)\./);
    await refused(strToU8('{"name":"json, not zip"}'), /not a zip archive/);
    const fake = new Uint8Array(400).fill(7);
    fake.set([0x50, 0x4b, 3, 4]);
    await refused(fake, /damaged/);
  });

  it('a truncated zip', async () => {
    const { bytes } = await download((await createFlow())._id);
    for (const cut of [10, Math.floor(bytes.length / 2), bytes.length - 5]) {
      await refused(bytes.slice(0, cut), /damaged/);
    }
  });

  it('a zip bomb (ratio over 100:1 read from the central directory), too many entries, too much unpacked', async () => {
    const bomb = zip({ 'manifest.json': manifest, 'flow.json': new Uint8Array(4 * 1024 * 1024) }, 9);
    expect(bomb.length).toBeLessThan(40_000);
    await refused(bomb, /compressed \d+:1.*zip bomb/);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}.txt`, 'x']));
    await refused(
      zip({ 'manifest.json': manifest, 'flow.json': flowDoc, ...many }),
      /holds 23 files; at most 20/,
    );
    // A file that lies in its directory: the declared size is what counts, before anything is inflated.
    const liar = zip({ 'manifest.json': manifest, 'flow.json': flowDoc });
    patchDeclaredSize(liar, 'flow.json', 60 * 1024 * 1024);
    await refused(liar, /unpacks to 60\.0 MB; at most 50\.0 MB/);
    const small = zip({ 'manifest.json': manifest, 'flow.json': flowDoc });
    patchDeclaredSize(small, 'flow.json', 10);
    await refused(small, /damaged: flow\.json unpacks to more than its declared size/);
  });

  it('a body over 20 MB answers 413, and a 50 MB body too', async () => {
    const before = await rows();
    for (const size of [21 * 1024 * 1024, 51 * 1024 * 1024]) {
      const res = await upload('/api/server-flow/import', new Uint8Array(size));
      expect(res.status).toBe(413);
      expect(res.body.message).toContain('20 MB');
    }
    expect(await rows()).toBe(before);
  });

  it('a missing or invalid manifest, a newer format version, a wrong schema, an unknown node type', async () => {
    await refused(zip({ 'flow.json': flowDoc }), /no manifest\.json/);
    await refused(
      zip({ 'manifest.json': '{nope', 'flow.json': flowDoc }),
      /manifest\.json in the \.flow file is not valid JSON/,
    );
    await refused(
      zip({ 'manifest.json': { ...manifest, format: 'zip' }, 'flow.json': flowDoc }),
      /manifest\.json.*format/,
    );
    await refused(
      zip({ 'manifest.json': { ...manifest, formatVersion: 2 }, 'flow.json': flowDoc }),
      /format version 2.*up to 1/,
    );
    await refused(zip({ 'manifest.json': manifest }), /no flow\.json/);
    await refused(
      zip({ 'manifest.json': manifest, 'flow.json': { ...flowDoc, nodes: 'many' } }),
      /flow\.json.*nodes/,
    );
    const dangling = { ...flowDoc, nodes: flowDoc.nodes.slice(1) };
    await refused(
      zip({ 'manifest.json': manifest, 'flow.json': dangling }),
      /edges\.0\.source: node 'start' does not exist/,
    );
    const alien = {
      ...flowDoc,
      nodes: [...flowDoc.nodes, { id: 'a', type: 'alienNode', position: { x: 0, y: 0 } }],
    };
    await refused(
      zip({ 'manifest.json': manifest, 'flow.json': alien }),
      /block types this server does not know: alienNode/,
    );
    const newer = { ...manifest, nodeTypes: { textNode: 9 } };
    await refused(zip({ 'manifest.json': newer, 'flow.json': flowDoc }), /newer Flowlearn.*textNode/);
    const nul = { ...flowDoc, description: 'a\u0000b' };
    await refused(zip({ 'manifest.json': manifest, 'flow.json': nul }), /NUL/);
  });

  it('a valid file written by writeFlowFile is accepted (the refusals above are not over-eager)', async () => {
    const res = await upload('/api/server-flow/import', writeFlowFile(flowDoc));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});

/** Rewrites the uncompressed size an entry declares in the zip's central directory. */
function patchDeclaredSize(zipBytes: Uint8Array, name: string, size: number): void {
  const view = new DataView(zipBytes.buffer, zipBytes.byteOffset, zipBytes.byteLength);
  for (let i = 0; i + 46 < zipBytes.length; i++) {
    if (view.getUint32(i, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(i + 28, true);
    if (strFromU8(zipBytes.subarray(i + 46, i + 46 + nameLength)) === name) {
      view.setUint32(i + 24, size, true);
      return;
    }
  }
  throw new Error(`no central directory entry for ${name}`);
}
