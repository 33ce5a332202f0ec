import { loadavg } from 'node:os';
import { createEmbedder } from '../../src/server/adapters/ai/embeddings';
import { createApp } from '../../src/server/app';
import { type Db, openDatabase, queryRows } from '../../src/server/db/client';
import { banksReadable, searchFullText } from '../../src/server/knowledge/knowledge.repo';
import { searchVectors } from '../../src/server/knowledge/knowledge.vectors';
import { searchWords } from '../../src/shared/domain/knowledge/chunks';
import { bagOfWordsVector, startOpenAiServer } from '../fixtures/openai-server';
import { percentile } from './bench';
import { benchDeps } from './bench-app';
import { question, seedBank } from './knowledge.seed';

/**
 * `npx tsx tests/bench/knowledge.explain.ts`: fills PGlite in memory (or TEST_DATABASE_URL's throwaway
 * PostgreSQL, emptied before and after) as the knowledge bench does, with vectors from the local test
 * server, then times each stage of a search apart (the whole request, the bank check, full-text, the
 * query's embedding, the nearest vectors) and prints EXPLAIN (ANALYZE, BUFFERS) of both queries: where
 * a search's time goes, which the bench's one wall-clock figure does not say.
 */
const MODEL = 'bench-embeddings';
const RUNS = Number(process.env.KNOWLEDGE_EXPLAIN_RUNS ?? 200);
const url = process.env.TEST_DATABASE_URL;
const database = await openDatabase(url ? { url } : { pgliteDir: 'memory://' });
if (url) await database.truncateAll();
const provider = await startOpenAiServer();
try {
  const env = { AI_BASE_URL: provider.baseURL, AI_EMBEDDING_MODEL: MODEL };
  const deps = await benchDeps(database, { env });
  const db = database.db;
  const app = createApp(deps);
  const seeded = await seedBank(deps, { vectors: MODEL });
  const embedder = createEmbedder(deps.env);
  if (!embedder) throw new Error('no embedder');
  const questions = Array.from({ length: RUNS }, () => question(seeded.rnd));
  const space = { orgId: seeded.orgId, userId: '' };
  // One retry: under load the test server may close a kept-alive socket just as it is reused.
  const vectorOf = async (q: string) =>
    (await embedder.embed([q]).catch(() => embedder.embed([q]))).vectors[0];
  const hasVectors = (
    await queryRows(db, `select to_regclass('public.knowledge_chunk_vectors') is not null as p`, [])
  )[0]?.p;

  const stages: Record<string, (q: string) => Promise<unknown>> = {
    'whole request (hybrid)': async (q) => {
      const res = await app.request('/api/knowledge-bank/search', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${seeded.token}`,
          orgId: seeded.orgId,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ bankIds: [seeded.bankId], query: q, limit: 5 }),
      });
      if (res.status !== 200) throw new Error(`search ${res.status}`);
      await res.text();
    },
    'bank check': (q) => banksReadable(db, [seeded.bankId, q.slice(0, 0)], space),
    'full-text query': (q) => searchFullText(db, [seeded.bankId], searchWords(q), 15),
    'query embedding (local HTTP)': vectorOf,
  };
  if (hasVectors) {
    stages['nearest vectors query'] = (q) =>
      searchVectors(db, [seeded.bankId], MODEL, bagOfWordsVector(q), 15);
  }
  console.log(`${url ? 'PostgreSQL' : 'PGlite'}, load average ${loadavg()[0].toFixed(1)}`);
  for (const [name, run] of Object.entries(stages)) {
    for (const q of questions.slice(0, 20)) await run(q);
    const times: number[] = [];
    for (const q of questions) {
      const started = performance.now();
      await run(q);
      times.push(performance.now() - started);
    }
    const p = (n: number) => percentile(times, n).toFixed(1);
    console.log(`${name.padEnd(30)} p50 ${p(50)} ms, p99 ${p(99)} ms`);
  }

  const words = searchWords(questions[0]);
  console.log(`\nquestion: ${questions[0]} → words ${JSON.stringify(words)}`);
  const explain = async (label: string, statement: string, values: unknown[]) => {
    const plan = await queryRows(db, `explain (analyze, buffers) ${statement}`, values);
    console.log(`\n${label}\n${plan.map((r) => String(Object.values(r)[0])).join('\n')}`);
  };
  // The repository's own statement texts, caught by a client that only records them.
  const textOf = async (run: (spy: Db) => Promise<unknown>) => {
    const seen: { text: string; values: unknown[] }[] = [];
    const record = async (text: string, values: unknown[]) => {
      seen.push({ text, values });
      return { rows: [] };
    };
    await run({ session: { client: { query: record } } } as unknown as Db);
    return seen[0];
  };
  const fullText = await textOf((spy) => searchFullText(spy, [seeded.bankId], words, 15));
  await explain('full-text query', fullText.text, fullText.values);
  if (hasVectors) {
    const vector = bagOfWordsVector(questions[0]);
    const nearest = await textOf((spy) => searchVectors(spy, [seeded.bankId], MODEL, vector, 15));
    await explain('nearest vectors query', nearest.text, nearest.values);
  }
} finally {
  await provider.close();
  if (url) await database.truncateAll();
  await database.close();
}
