import { count } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { flows as flowsTable } from '../../src/server/db/schema';
import { writeFlowFile } from '../../src/server/flows/flow-file';
import { type TFlowDocument, ZImportResponse } from '../../src/shared/contract/flows';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { smallGraph } from './helpers/graphs';
import { makeUser, type TestUser } from './helpers/users';

/**
 * A .flow file that was unzipped and zipped again with the desktop's "compress folder" keeps its two
 * files in one top-level folder. The zips here are built the way Finder and Windows
 * build them: folder entries, Finder's __MACOSX/ resource forks and .DS_Store.
 */

let t: TestApp;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_MS);
beforeEach(async () => {
  await t.reset();
  ann = await makeUser(t, 'ann@example.org');
});
afterAll(() => t.close());

const doc: TFlowDocument = {
  name: 'Photosynthesis',
  description: 'Leaves',
  iconUrl: null,
  published: false,
  ...smallGraph(),
};
/** The two files of a real export, by name. */
const exported = unzipSync(writeFlowFile(doc));
const zip = (files: Record<string, Uint8Array>) => zipSync(files, { level: 6 });
const empty = new Uint8Array(0);
const rows = async () => (await t.database.db.select({ n: count() }).from(flowsTable))[0].n;
const importFile = (bytes: Uint8Array) =>
  t.call('POST', '/api/server-flow/import', {
    token: ann.token,
    headers: { 'Content-Type': 'application/octet-stream' },
    raw: bytes as unknown as BodyInit,
  });

async function expectImported(bytes: Uint8Array) {
  const res = await importFile(bytes);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { data } = ZImportResponse.parse(res.body);
  expect(data.name).toBe(doc.name);
  expect(data.description).toBe(doc.description);
  expect(data.nodes).toEqual(doc.nodes);
  expect(data.edges).toEqual(doc.edges);
}
async function expectRefused(bytes: Uint8Array, message: RegExp) {
  const before = await rows();
  const res = await importFile(bytes);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.message).toMatch(message);
  expect(await rows()).toBe(before);
}

describe('[FLOWS] .flow import of a compressed folder', () => {
  it("imports Finder's Compress: one folder, __MACOSX resource forks and .DS_Store", async () => {
    await expectImported(
      zip({
        'Photosynthesis/': empty,
        'Photosynthesis/manifest.json': exported['manifest.json'],
        'Photosynthesis/flow.json': exported['flow.json'],
        'Photosynthesis/.DS_Store': strToU8('Bud1'),
        '__MACOSX/Photosynthesis/._manifest.json': strToU8('Mac OS X resource fork'),
        '__MACOSX/Photosynthesis/._flow.json': strToU8('Mac OS X resource fork'),
      }),
    );
  });

  it("imports Windows' Compressed folder: one folder entry and the two files", async () => {
    await expectImported(
      zip({
        'lesson export/': empty,
        'lesson export/flow.json': exported['flow.json'],
        'lesson export/manifest.json': exported['manifest.json'],
      }),
    );
  });

  it('still imports the files at the top level, as our export writes them', async () => {
    await expectImported(writeFlowFile(doc));
  });

  it('refuses what could be two flows or a guess, naming the places, and writes nothing', async () => {
    const { 'manifest.json': manifest, 'flow.json': flow } = exported;
    await expectRefused(
      zip({
        'a/manifest.json': manifest,
        'a/flow.json': flow,
        'b/manifest.json': manifest,
        'b/flow.json': flow,
      }),
      /more than one place \(a\/, b\/\)/,
    );
    await expectRefused(
      zip({ 'manifest.json': manifest, 'flow.json': flow, 'copy/manifest.json': manifest }),
      /more than one place \(the top level, copy\/\)/,
    );
    await expectRefused(zip({ 'a/manifest.json': manifest, 'b/flow.json': flow }), /more than one place/);
    await expectRefused(
      zip({ 'outer/inner/manifest.json': manifest, 'outer/inner/flow.json': flow }),
      /nested folder \(outer\/inner\/\)/,
    );
    await expectRefused(
      zip({ 'lesson/manifest.json': manifest, 'lesson/flow.json': flow, 'notes.txt': strToU8('hi') }),
      /folder lesson\/ and also notes\.txt outside it/,
    );
    await expectRefused(zip({ 'lesson/flow.json': flow }), /no manifest\.json/);
    await expectRefused(zip({ 'lesson/manifest.json': manifest }), /no flow\.json/);
  });
});
