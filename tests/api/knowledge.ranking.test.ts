import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { makeUser } from './helpers/users';
import { searchBanks, uploadDocument } from './knowledge.helpers';

/**
 * Full-text ranking by rarity (knowledge.repo.ts searchFullText): a word few passages hold weighs more
 * than one most hold, a passage with more of the question's words ranks higher, and the question's
 * stop words ("what", "the", "do") neither match nor rank.
 */
describe('[KNOWLEDGE] full-text ranking', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'knowledge-rank-'));
    t = await createTestApp({ DATA_DIR: dir });
  }, APP_START_MS);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ranks both words first, then the rare word alone, then the common word, and ignores stop words', async () => {
    const ann = await makeUser(t, 'ann@example.com');
    const docs: Array<[string, string]> = [
      ['cells.txt', 'The cell is the unit of life. Every cell has a membrane.'],
      ['more-cells.txt', 'A plant cell has a wall; an animal cell does not.'],
      ['tissue.txt', 'Cells form tissue, and the cell divides to grow.'],
      ['mito.txt', 'Mitochondria release energy by respiration.'],
      ['both.txt', 'In the cell, mitochondria release energy.'],
      ['stop.txt', 'What do the the the do what.'],
    ];
    let bankId: string | undefined;
    for (const [name, text] of docs) {
      const up = await uploadDocument(t, ann, name, text, bankId ? { bankId } : { bankName: 'Biology' });
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      bankId = up.body.bank._id;
    }
    const res = await searchBanks(t, ann, [bankId as string], 'What do the mitochondria do in a cell?');
    expect(res.status).toBe(200);
    const files = res.body.passages.map((p: { fileName: string }) => p.fileName);
    expect(files.slice(0, 2)).toEqual(['both.txt', 'mito.txt']);
    expect(files).not.toContain('stop.txt');
    expect(files.slice(2).sort()).toEqual(['cells.txt', 'more-cells.txt', 'tissue.txt']);
  });
});
