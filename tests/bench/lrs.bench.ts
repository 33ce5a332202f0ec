import { cpus, loadavg } from 'node:os';
import { createApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { createLrsService, lrsSpace } from '../../src/server/lrs';
import { type Bench, type BenchRow, percentile as pct } from './bench';
import { benchDeps, benchUser, noFiles, onPglite, onPostgres } from './bench-app';
import { ACTORS, activityId, actorMbox, bulkFill, registrationOf, statementsSize, verbId } from './lrs.seed';
import { postgresCpu } from './proc-cpu';

/** Size of the store the queries run over; LRS_BENCH_STATEMENTS makes a quicker run. */
const STORED = Number(process.env.LRS_BENCH_STATEMENTS ?? 1_000_000);
const BATCHES = 300;
const BATCH = 100;
const QUERIES = 200;
const TARGET_INGEST = 10_000;
const TARGET_QUERY_P50 = 5;

const ms = (v: number) => `${v.toFixed(2)} ms`;

export function batch(n: number) {
  return Array.from({ length: BATCH }, (_, i) => {
    const k = n * BATCH + i;
    return {
      actor: { objectType: 'Agent', name: `Learner ${k % ACTORS}`, mbox: actorMbox(k * 104729) },
      verb: { id: verbId(k % 2 ? k % 3 : k), display: { 'en-GB': 'did' } },
      object: {
        objectType: 'Activity',
        id: activityId(k * 7919),
        definition: { name: { 'en-GB': `Activity ${k % 2000}` } },
      },
      result: { score: { raw: k % 10, max: 10 }, success: k % 3 > 0, duration: 'PT1M30S' },
      context: {
        registration: registrationOf(k),
        contextActivities: { parent: [{ id: `https://flowlearn.test/courses/${k % 40}` }] },
        extensions: { 'https://flowlearn.app/xapi/extensions/assignment-id': `assignment-${k % 50}` },
      },
      timestamp: new Date().toISOString(),
    };
  });
}

async function measure(database: Database, engine: string): Promise<BenchRow[]> {
  const deps = await benchDeps(database, { storage: noFiles });
  const app = createApp(deps);
  const { user, token } = await benchUser(deps, 'bench@lrs.test', 'Bench');
  const created = await app.request('/api/lrs/credentials', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'bench' }),
  });
  const { key, secret } = (await created.json()) as { key: string; secret: string };
  const headers = {
    Authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`,
    'X-Experience-API-Version': '2.0.0',
  };
  const space = lrsSpace({ orgId: null, userId: user.id });

  // 1. Ingest through the real route, batches of 100, a few clients at once on PostgreSQL.
  // LRS_BENCH_CLIENTS changes the number on PostgreSQL; PGlite has one connection, so one client.
  const concurrency = database.kind === 'pg' ? Number(process.env.LRS_BENCH_CLIENTS ?? 4) : 1;
  const perBatch: number[] = [];
  // The clients' bodies are ready before the clock starts: it measures the LRS, not the senders.
  const bodies = Array.from({ length: BATCHES }, (_, n) => JSON.stringify(batch(n)));
  let next = 0;
  const pgCpu = postgresCpu(
    process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL).port || '5432' : '',
  );
  const pgBefore = database.kind === 'pg' ? pgCpu.snapshot() : null;
  const nodeBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < BATCHES) {
        const body = bodies[next++];
        const t0 = performance.now();
        const res = await app.request('/xapi/statements', {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body,
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`ingest: ${res.status}`);
        perBatch.push(performance.now() - t0);
      }
    }),
  );
  const rate = (BATCHES * BATCH) / ((performance.now() - started) / 1000);
  const nodeCpu = process.cpuUsage(nodeBefore);
  const pgUsed = pgCpu.delta(pgBefore);
  const perThousand = (ms: number) => ((ms / (BATCHES * BATCH)) * 1000).toFixed(0);
  const ingestCpu = `LRS (${engine}) ingest CPU per 1,000 statements: Node ${perThousand((nodeCpu.user + nodeCpu.system) / 1000)} ms${pgUsed === null ? '' : `, PostgreSQL ${perThousand(pgUsed)} ms`}`;

  // 2. A large store to query.
  const fillStart = performance.now();
  await bulkFill(database, space, STORED - BATCHES * BATCH, (done) => {
    if (done % 200_000 === 0) console.log(`  ${engine}: ${done.toLocaleString('en-GB')} statements filled`);
  });
  const fillSeconds = (performance.now() - fillStart) / 1000;
  const size = await statementsSize(database);
  const perMillion = (bytes: number) => `${Math.round((bytes / STORED) * (1e6 / 2 ** 20))} MiB`;

  // 3. Queries through the route: a page of 10, as a client pages through results.
  const kinds: Record<string, (i: number) => string> = {
    verb: (i) => `verb=${encodeURIComponent(verbId(i))}`,
    activity: (i) => `activity=${encodeURIComponent(activityId(i * 37))}`,
    'verb + activity': (i) =>
      `verb=${encodeURIComponent(verbId(i % 3))}&activity=${encodeURIComponent(activityId(i * 37))}`,
    agent: (i) => `agent=${encodeURIComponent(JSON.stringify({ mbox: actorMbox(i * 13) }))}`,
    registration: (i) => `registration=${registrationOf(i * 101)}`,
    'related_activities (parent course)': (i) =>
      `activity=${encodeURIComponent(`https://flowlearn.test/courses/${i % 40}`)}&related_activities=true`,
  };
  const times: Record<string, number[]> = {};
  for (const [kind, qs] of Object.entries(kinds)) {
    times[kind] = [];
    for (let i = 0; i < QUERIES + 20; i++) {
      const t0 = performance.now();
      const res = await app.request(`/xapi/statements?${qs(i)}&limit=10`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${kind}: ${res.status}`);
      if (i >= 20) times[kind].push(performance.now() - t0);
    }
  }
  // 4. What the assignment reports ask of the service: the latest 100 of an assignment and verb.
  const lrs = createLrsService(deps);
  const report: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    await lrs.queryStatements(
      space,
      { assignmentId: `assignment-${i % 50}`, verb: verbId(i % 3) },
      { limit: 100 },
    );
    report.push(performance.now() - t0);
  }

  const load = loadavg()[0].toFixed(1);
  const core = [
    {
      figure: `LRS ingest, ${engine} (batches of ${BATCH}, ${concurrency} client${concurrency > 1 ? 's' : ''})`,
      value: `${Math.round(rate).toLocaleString('en-GB')} statements/s`,
      target: engine === 'PostgreSQL' ? `≥ ${TARGET_INGEST.toLocaleString('en-GB')}/s` : '',
      withinTarget: engine === 'PostgreSQL' ? rate >= TARGET_INGEST : null,
    },
    {
      figure: `LRS ingest p99 per batch, ${engine}`,
      value: ms(pct(perBatch, 99)),
      target: '',
      withinTarget: null,
    },
  ];
  const queryRows = ['verb', 'activity'].map((kind) => ({
    figure: `LRS query by ${kind} p50 / p99, ${engine}`,
    value: `${ms(pct(times[kind], 50))} / ${ms(pct(times[kind], 99))}`,
    target: engine === 'PostgreSQL' ? `p50 ≤ ${TARGET_QUERY_P50} ms` : '',
    withinTarget: engine === 'PostgreSQL' ? pct(times[kind], 50) <= TARGET_QUERY_P50 : null,
  }));
  const notes = [
    ingestCpu,
    `LRS (${engine}): ${STORED.toLocaleString('en-GB')} statements stored (${(BATCHES * BATCH).toLocaleString('en-GB')} through HTTP, the rest filled by SQL in ${fillSeconds.toFixed(0)} s); queries through app.request with limit=10; load average ${load} on ${cpus().length} cores`,
    ...Object.entries(times).map(
      ([k, v]) => `LRS (${engine}) query by ${k} ×${v.length}: p50 ${ms(pct(v, 50))}, p99 ${ms(pct(v, 99))}`,
    ),
    `LRS (${engine}) size per 1,000,000 statements: table ${perMillion(size.table)}, indexes ${perMillion(size.indexes)} (${(size.table / 2 ** 30).toFixed(2)} + ${(size.indexes / 2 ** 30).toFixed(2)} GiB in all)`,
    `LRS (${engine}) service query for a report (assignment + verb, latest 100) ×100: p50 ${ms(pct(report, 50))}, p99 ${ms(pct(report, 99))}`,
  ];
  return [...core, ...queryRows.map((r, i) => (i === queryRows.length - 1 ? { ...r, notes } : r))];
}

/** PGlite in memory; also PostgreSQL when TEST_DATABASE_URL names a throwaway database (emptied first and after). */
export const lrsBench: Bench = {
  name: 'lrs',
  async run(): Promise<BenchRow[]> {
    const rows = await onPostgres(measure);
    if (process.env.LRS_BENCH_SKIP_PGLITE !== 'true') rows.push(...(await onPglite(measure)));
    return rows;
  },
};
