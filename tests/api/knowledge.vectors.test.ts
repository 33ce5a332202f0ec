import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasVectors } from '../../src/server/knowledge/knowledge.repo';
import { formatCredits } from '../../src/shared/domain/decimal';
import { priceCall } from '../../src/shared/domain/models/pricing';
import { buildPdf } from '../fixtures/documents';
import { type OpenAiServer, startOpenAiServer } from '../fixtures/openai-server';
import { APP_START_MS, createTestApp, type TestApp } from './harness';
import { cr, creditsOf, expectBooksBalance, user } from './helpers/credits';
import { makeUser, type TestUser } from './helpers/users';
import { HANDOUT_PAGES, searchBanks, uploadDocument } from './knowledge.helpers';

const MODEL = 'text-embedding-3-small';
const words = (s: string) => s.match(/\S+/g)?.length ?? 0;

/**
 * Vectors from the local OpenAI-compatible server's /embeddings. PGlite loads pgvector, so there the
 * passages get vectors and retrieval is hybrid; a PostgreSQL without pgvector (CI's Debian 15) keeps
 * full-text only and says nothing is wrong: both are checked, by what the database has.
 */
function suite(model: string, title: string, body: (ctx: () => Ctx) => void) {
  describe(title, () => {
    const ctx = {} as Ctx;
    beforeAll(async () => {
      ctx.dir = mkdtempSync(join(tmpdir(), 'knowledge-v-'));
      ctx.ai = await startOpenAiServer();
      ctx.t = await createTestApp({
        DATA_DIR: ctx.dir,
        AI_BASE_URL: ctx.ai.baseURL,
        AI_EMBEDDING_MODEL: model,
      });
      ctx.pdf = new Uint8Array(await buildPdf(HANDOUT_PAGES));
      ctx.vectors = await hasVectors(ctx.t.database.db);
    }, APP_START_MS);
    afterAll(async () => {
      await ctx.t?.close();
      await ctx.ai?.close();
      rmSync(ctx.dir, { recursive: true, force: true });
    });
    beforeEach(async () => {
      await ctx.t.reset();
      ctx.ai.requests.length = 0;
      ctx.ann = await makeUser(ctx.t, 'ann@example.com');
    });
    body(() => ctx);
  });
}
type Ctx = {
  t: TestApp;
  ai: OpenAiServer;
  dir: string;
  pdf: Uint8Array<ArrayBuffer>;
  vectors: boolean;
  ann: TestUser;
};

suite(MODEL, '[KNOWLEDGE] vectors and hybrid retrieval, charged exactly', (ctx) => {
  it('pgvector is there on PGlite (and may be absent on PostgreSQL)', () => {
    if (ctx().t.database.kind === 'pglite') expect(ctx().vectors).toBe(true);
  });

  it('embeds every passage, charges the tokens the provider counted, and retrieves hybrid', async () => {
    const { t, ai, ann, pdf, vectors } = ctx();
    await creditsOf(t).grant({ to: user(ann.id), amount: cr('1'), idempotencyKey: 'g1' });
    const up = await uploadDocument(t, ann, 'science.pdf', pdf);
    expect(up.status).toBe(201);
    const embedCalls = ai.requests.filter((r) => r.path.endsWith('/embeddings'));
    if (!vectors) {
      expect(up.body.indexed).toEqual({ fullText: true, vectors: false, credits: '0' });
      expect(embedCalls).toEqual([]);
      return;
    }
    const tokens = HANDOUT_PAGES.reduce((n, p) => n + words(p), 0);
    const uploadCost = priceCall(MODEL, { inputTokens: tokens });
    expect(uploadCost).toBeGreaterThan(0n);
    expect(up.body.indexed).toEqual({ fullText: true, vectors: true, credits: formatCredits(uploadCost) });
    expect(up.body.document.embeddingModel).toBe(MODEL);
    expect(embedCalls[0].body).toMatchObject({ model: MODEL, input: HANDOUT_PAGES });

    const query = 'What do the mitochondria do for the cell?';
    const found = await searchBanks(t, ann, [up.body.bank._id], query);
    expect(found.body.method).toBe('hybrid');
    expect(found.body.passages[0]).toMatchObject({ n: 1, page: 2 });
    // Only vectors match words no passage holds: still an answer, by nearness.
    const far = await searchBanks(t, ann, [up.body.bank._id], 'igneous magma crust rock formation');
    expect(far.body.passages[0].page).toBe(3);

    const spent =
      uploadCost +
      priceCall(MODEL, { inputTokens: words(query) }) +
      priceCall(MODEL, { inputTokens: words('igneous magma crust rock formation') });
    const balance = await creditsOf(t).balanceOf(user(ann.id));
    expect(balance.balance).toBe(cr('1') - spent);
    expect(balance.reserved).toBe(0n);
    await expectBooksBalance(t);
  });

  it('with no credits left the document is still indexed for full-text search, and says why not vectors', async () => {
    const { t, ann, pdf, vectors } = ctx();
    if (!vectors) return;
    const up = await uploadDocument(t, ann, 'science.pdf', pdf);
    expect(up.status).toBe(201);
    expect(up.body.indexed).toMatchObject({ fullText: true, vectors: false, credits: '0' });
    expect(up.body.notice).toMatch(/full-text search only/);
    const found = await searchBanks(t, ann, [up.body.bank._id], 'mitochondria');
    // The query's embedding cannot be paid for either: full-text still answers, and says so.
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      method: 'fulltext',
      notice: expect.stringMatching(/Full-text search only/),
    });
    expect(found.body.passages[0].page).toBe(2);
    await expectBooksBalance(t);
  });
});

suite('broken', '[KNOWLEDGE] a failing embedding model', (ctx) => {
  it('releases the hold, indexes full-text and says so', async () => {
    const { t, ann, pdf, vectors } = ctx();
    if (!vectors) return;
    // 'broken' is no catalogue model, so it costs nothing and nothing is held: the failure alone is checked.
    const up = await uploadDocument(t, ann, 'science.pdf', pdf);
    expect(up.status).toBe(201);
    expect(up.body.indexed.vectors).toBe(false);
    expect(up.body.notice).toMatch(/The model exploded/);
    expect(up.body.document.embeddingModel).toBeNull();
    const balance = await creditsOf(t).balanceOf(user(ann.id));
    expect(balance.reserved).toBe(0n);
  });
});
