import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KNOWLEDGE_MAX_BYTES } from '../../src/shared/contract/knowledge';
import { buildDocx, buildPdf } from '../fixtures/documents';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { makeOrg, makeUser, type TestUser } from './helpers/users';
import { buildZip, deflated } from './helpers/zip-build';
import { HANDOUT_PAGES, searchBanks, uploadDocument } from './knowledge.helpers';

/** Full-text retrieval: no embedding model, so it runs the same on PGlite and on PostgreSQL. */
describe('[KNOWLEDGE] banks: upload, list, retrieve, refuse', () => {
  let t: TestApp;
  let dir: string;
  let ann: TestUser;
  let bob: TestUser;
  let max: TestUser;
  let orgId: string;
  let pdf: Uint8Array;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'knowledge-'));
    t = await createTestApp({ DATA_DIR: dir });
    pdf = await buildPdf(HANDOUT_PAGES);
  }, APP_START_MS);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await t.reset();
    ann = await makeUser(t, 'ann@example.com');
    bob = await makeUser(t, 'bob@example.com');
    max = await makeUser(t, 'max@example.com');
    orgId = await makeOrg(t, 'School', ann, [max]);
  });

  it('indexes a PDF page by page and a DOCX into the same bank, lists them and finds the passage with its page', async () => {
    const up = await uploadDocument(t, ann, 'science.pdf', pdf, { bankName: 'Science' });
    expect(up.status).toBe(201);
    expect(up.body.bank).toMatchObject({ name: 'Science', documentsCount: 1, orgId: null });
    expect(up.body.document).toMatchObject({ fileName: 'science.pdf', chunksCount: 3, embeddingModel: null });
    expect(up.body.indexed).toEqual({ fullText: true, vectors: false, credits: '0' });
    const bankId = up.body.bank._id;

    const docx = buildDocx(['Photosynthesis turns sunlight, water and carbon dioxide into glucose.']);
    const second = await uploadDocument(t, ann, 'plants.docx', docx, { bankId });
    expect(second.status).toBe(201);
    expect(second.body.bank).toMatchObject({ _id: bankId, documentsCount: 2, chunksCount: 4 });

    const list = await t.call('GET', '/api/knowledge-bank', { token: ann.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((b: { name: string }) => b.name)).toEqual(['Science']);
    const detail = await t.call('GET', `/api/knowledge-bank/${bankId}`, { token: ann.token });
    expect(detail.body.documents.map((d: { fileName: string }) => d.fileName).sort()).toEqual([
      'plants.docx',
      'science.pdf',
    ]);

    const found = await searchBanks(t, ann, [bankId], 'What do the mitochondria do?');
    expect(found.status).toBe(200);
    expect(found.body.method).toBe('fulltext');
    expect(found.body.passages[0]).toMatchObject({ n: 1, fileName: 'science.pdf', page: 2 });
    expect(found.body.passages[0].text).toContain('mitochondria release energy');
    const plants = await searchBanks(t, ann, [bankId], 'photosynthesis glucose');
    expect(plants.body.passages[0]).toMatchObject({ fileName: 'plants.docx', page: null });
    const nothing = await searchBanks(t, ann, [bankId], 'quantum chromodynamics');
    expect(nothing.body.passages).toEqual([]);
  });

  it("keeps each space's banks to itself: another user or organisation gets 404 or nothing", async () => {
    const mine = (await uploadDocument(t, ann, 'science.pdf', pdf)).body.bank._id;
    const school = await uploadDocument(t, ann, 'science.pdf', pdf, { orgId });
    expect(school.status).toBe(201);
    expect(school.body.bank.orgId).toBe(orgId);
    const schoolBank = school.body.bank._id;

    // Bob's personal space: no banks, Ann's bank is a 404, searching it finds nothing.
    expect((await t.call('GET', '/api/knowledge-bank', { token: bob.token })).body.data).toEqual([]);
    expect((await t.call('GET', `/api/knowledge-bank/${mine}`, { token: bob.token })).status).toBe(404);
    expect((await searchBanks(t, bob, [mine, schoolBank], 'mitochondria')).body.passages).toEqual([]);
    expect((await t.call('DELETE', `/api/knowledge-bank/${mine}`, { token: bob.token })).status).toBe(404);
    // Not a member of the school: refused at the door.
    expect((await t.call('GET', '/api/knowledge-bank', { token: bob.token, orgId })).status).toBe(403);
    expect((await uploadDocument(t, bob, 'x.pdf', pdf, { orgId })).status).toBe(403);

    // Max, a member, reads the school's bank but not Ann's personal one, and may not delete it.
    const schoolList = await t.call('GET', '/api/knowledge-bank', { token: max.token, orgId });
    expect(schoolList.body.data.map((b: { _id: string }) => b._id)).toEqual([schoolBank]);
    const maxFound = await searchBanks(t, max, [mine, schoolBank], 'mitochondria', orgId);
    expect(maxFound.body.passages.every((p: { bankId: string }) => p.bankId === schoolBank)).toBe(true);
    expect(maxFound.body.passages.length).toBeGreaterThan(0);
    expect(
      (await t.call('DELETE', `/api/knowledge-bank/${schoolBank}`, { token: max.token, orgId })).status,
    ).toBe(403);
    expect((await uploadDocument(t, max, 'more.pdf', pdf, { orgId, bankId: schoolBank })).status).toBe(403);
    // The personal bank does not show in the organisation, nor the organisation's in the personal space.
    expect((await t.call('GET', `/api/knowledge-bank/${mine}`, { token: ann.token, orgId })).status).toBe(
      404,
    );
    expect((await t.call('GET', `/api/knowledge-bank/${schoolBank}`, { token: ann.token })).status).toBe(404);

    // The admin deletes a document, then the bank: its passages go with it.
    const detail = await t.call('GET', `/api/knowledge-bank/${schoolBank}`, { token: ann.token, orgId });
    const docId = detail.body.documents[0]._id;
    const del = await t.call('DELETE', `/api/knowledge-bank/${schoolBank}/documents/${docId}`, {
      token: ann.token,
      orgId,
    });
    expect(del.status).toBe(200);
    expect((await searchBanks(t, ann, [schoolBank], 'mitochondria', orgId)).body.passages).toEqual([]);
    expect(
      (await t.call('DELETE', `/api/knowledge-bank/${schoolBank}`, { token: ann.token, orgId })).status,
    ).toBe(200);
    expect((await t.call('GET', '/api/knowledge-bank', { token: ann.token, orgId })).body.data).toEqual([]);
  });

  it('refuses what is not a readable document with a 400 (or 413) that names the field', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const image = await uploadDocument(t, ann, 'photo.png', png);
    expect(image.status).toBe(400);
    expect(image.body.message).toMatch(/^file: .*document/);
    const fake = await uploadDocument(t, ann, 'notes.pdf', 'just text, not a PDF');
    expect(fake.status).toBe(400);
    expect(fake.body.message).toMatch(/^file: the content is not a \.pdf file/);
    // An old Word file (its OLE signature): said plainly, with what to do instead.
    const ole = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const doc = await uploadDocument(t, ann, 'old.doc', ole);
    expect(doc.status).toBe(400);
    expect(doc.body.message).toMatch(/\.doc.*save it as \.docx or \.pdf/);
    const empty = await uploadDocument(t, ann, 'empty.txt', '   \n  ');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^file: no text/);
    const none = await t.call('POST', '/api/knowledge-bot/upload', { token: ann.token, raw: new FormData() });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/^file:/);
    const badBank = await uploadDocument(t, ann, 'a.txt', 'Some text here.', { bankId: 'nope' });
    expect(badBank.status).toBe(400);
    expect(badBank.body.message).toMatch(/bankId/);
    const unknownBank = await uploadDocument(t, ann, 'a.txt', 'Some text here.', { bankId: 'a'.repeat(24) });
    expect(unknownBank.status).toBe(404);
    const big = await uploadDocument(t, ann, 'big.txt', 'a'.repeat(KNOWLEDGE_MAX_BYTES + 10));
    expect(big.status).toBe(413);
    const search = await t.call('POST', '/api/knowledge-bank/search', {
      token: ann.token,
      body: { bankIds: [] },
    });
    expect(search.status).toBe(400);
    expect(search.body.message).toMatch(/bankIds|query/);
    expect((await t.call('GET', '/api/knowledge-bank/xyz', { token: ann.token })).status).toBe(400);
    expect((await t.call('GET', '/api/knowledge-bank')).status).toBe(401);
    // Nothing refused was stored.
    expect((await t.call('GET', '/api/knowledge-bank', { token: ann.token })).body.data).toEqual([]);
  });

  it('refuses a DOCX zip bomb before unpacking it', async () => {
    const zeros = new Uint8Array(50 * 1024 * 1024);
    const bomb = buildZip([deflated('word/document.xml', zeros)]);
    const res = await uploadDocument(t, ann, 'bomb.docx', bomb);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/zip bomb|unpacks to more/);
  });
});
