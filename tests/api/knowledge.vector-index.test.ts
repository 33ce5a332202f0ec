import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { hasVectors, insertBank, insertDocument } from '../../src/server/knowledge/knowledge.repo';
import { nearestStatement, searchVectors } from '../../src/server/knowledge/knowledge.vectors';
import { newId } from '../../src/shared/domain/ids';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { makeUser } from './helpers/users';

const MODEL = 'test-embeddings';
const DIMS = 16;

/** A unit vector mostly along `axis`, tilted by `tilt` towards the next axis. */
const towards = (axis: number, tilt: number) => {
  const v = new Array<number>(DIMS).fill(0);
  v[axis] = 1;
  v[(axis + 1) % DIMS] = tilt;
  const length = Math.hypot(...v);
  return v.map((x) => x / length);
};

/**
 * The approximate (HNSW) index of the knowledge bank's vectors, where the database has pgvector
 * (PGlite; CI's PostgreSQL 15 has none, so there the file checks nothing): the first document of a
 * dimension creates its index, the nearest-vectors statement is planned through it, and a small bank
 * whose passages are all far from the question still gets them from an index shared with a big bank
 * (the iterative scan that migration 0044 turns on; a plain HNSW scan stops after ef_search = 40).
 */
describe('[KNOWLEDGE] approximate vector index', () => {
  let t: TestApp;
  let vectors = false;
  let big = '';
  let small = '';
  beforeAll(async () => {
    t = await createTestApp();
    vectors = await hasVectors(t.database.db);
    if (!vectors) return;
    const ann = await makeUser(t, 'ann@example.com');
    const bob = await makeUser(t, 'bob@example.com');
    const add = async (ownerId: string, count: number, vector: (i: number) => number[]) => {
      const bank = await insertBank(t.database.db, { id: newId(), ownerId, orgId: null, name: 'Bank' });
      const chunks = Array.from({ length: count }, (_, i) => ({
        position: i,
        page: 1,
        text: `passage ${i}`,
      }));
      await insertDocument(t.database.db, {
        id: newId(),
        bankId: bank.id,
        uploadedBy: ownerId,
        fileName: 'notes.txt',
        contentType: 'text/plain',
        size: 1,
        storageKey: `k/${bank.id}`,
        chunks,
        vectors: chunks.map((_, i) => vector(i)),
        embeddingModel: MODEL,
      });
      return bank.id;
    };
    // 300 passages near axis 0 in Ann's bank (cosine distance ≤ 0.3 from it); Bob's 3 passages are
    // farther (0.68 and more): a question along axis 0 meets 300 of Ann's before any of Bob's.
    big = await add(ann.id, 300, (i) => towards(0, (i % 100) / 100));
    small = await add(bob.id, 3, (i) => towards(0, 3 + i));
  }, APP_START_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('creates the index of the new dimension and plans the search through it', async () => {
    if (!vectors) return;
    const db = t.database.db;
    const [index] = await queryRows(db, `select indexdef from pg_indexes where indexname = $1`, [
      `knowledge_chunk_vectors_hnsw_${DIMS}`,
    ]);
    expect(String(index?.indexdef)).toMatch(/USING hnsw/);
    // 303 rows are sorted faster than searched, so the planner rightly reads the bank's rows and sorts
    // them (as it does for any small bank): forbid the scan and the sort to make it use the index.
    await queryRows(db, 'set enable_seqscan = off', []);
    await queryRows(db, 'set enable_sort = off', []);
    try {
      const values = [[big], MODEL, `[${towards(0, 0).join(',')}]`, 5];
      const plan = await queryRows(db, `explain ${nearestStatement(DIMS)}`, values);
      expect(plan.map((r) => String(Object.values(r)[0])).join('\n')).toMatch(
        new RegExp(`Index Scan using knowledge_chunk_vectors_hnsw_${DIMS}`),
      );
      // A question near the big bank asked of the small bank: its 3 passages, nearest first.
      const found = await searchVectors(db, [small], MODEL, towards(0, 0), 5);
      expect(found.map((p) => p.bankId)).toEqual([small, small, small]);
      expect(found.map((p) => p.text)).toEqual(['passage 0', 'passage 1', 'passage 2']);
      const near = await searchVectors(db, [big], MODEL, towards(0, 0), 3);
      expect(near.map((p) => p.text)).toEqual(['passage 0', 'passage 100', 'passage 200']);
    } finally {
      await queryRows(db, 'reset enable_seqscan', []);
      await queryRows(db, 'reset enable_sort', []);
    }
  });

  it('answers nothing for a vector of another dimension or with no number in it', async () => {
    if (!vectors) return;
    const db = t.database.db;
    expect(await searchVectors(db, [big], MODEL, towards(0, 0).slice(0, 8), 3)).toEqual([]);
    expect(await searchVectors(db, [big], MODEL, [Number.NaN, ...towards(0, 0).slice(1)], 3)).toEqual([]);
  });
});
