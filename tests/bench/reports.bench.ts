import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { createApp } from '../../src/server/app';
import { insertAssignment } from '../../src/server/assignments/assignments.repo';
import type { Database } from '../../src/server/db/client';
import { lrsSpace } from '../../src/server/lrs';
import { newId } from '../../src/shared/domain/ids';
import { type Bench, type BenchRow, percentile as pct } from './bench';
import { benchDeps, benchUser, noFiles, onPglite, onPostgres } from './bench-app';
import { dashboardRender } from './reports.render';
import { fillAssignment } from './reports.seed';

/** Statements of the measured assignment (and as many of another one beside it); REPORTS_BENCH_STATEMENTS for a quicker run. */
const STATEMENTS = Number(process.env.REPORTS_BENCH_STATEMENTS ?? 100_000);
const RUNS = Number(process.env.REPORTS_BENCH_RUNS ?? 15);
const TARGET_MS = 200;
const ROUTES = [
  'report-v2',
  'latest-activities?sortBy=ascending',
  'line-chart',
  'top-activities',
  'lrs-dashboard',
  'journal-report',
  'collaborative-journal-report',
];

const ms = (v: number) => `${v.toFixed(1)} ms`;

async function measure(database: Database, engine: string): Promise<BenchRow[]> {
  const deps = await benchDeps(database, { storage: noFiles });
  const app = createApp(deps);
  const { user, token } = await benchUser(deps, 'teacher@reports.test', 'Teacher');
  const make = async (name: string) => {
    const row = await insertAssignment(database.db, {
      id: newId(),
      ownerId: user.id,
      orgId: null,
      name,
      code: `bench${newId().slice(-8)}`,
      unitUsageOption: 'PAY_BY_ME',
      flowIds: [newId(), newId(), newId(), newId()],
    });
    if (!row) throw new Error('bench assignment');
    return row;
  };
  const measured = await make('Measured');
  const other = await make('Beside it');
  const space = lrsSpace({ orgId: null, userId: user.id });
  const t0 = performance.now();
  await fillAssignment(database, space, measured.id, measured.flowIds, STATEMENTS);
  await fillAssignment(database, space, other.id, other.flowIds, STATEMENTS, STATEMENTS);
  // PostgreSQL's autovacuum sets the visibility map of a table this size within a minute or so (the
  // index-only scans of the reports rely on it); PGlite has none, and the app only runs ANALYZE on it.
  await database.db.execute(
    database.kind === 'pg' ? sql`vacuum analyze lrs_statements` : sql`analyze lrs_statements`,
  );
  const fillSeconds = (performance.now() - t0) / 1000;

  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const loadBefore = loadavg()[0];
  for (const route of ROUTES) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const start = performance.now();
      const res = await app.request(`/api/assignment/${measured.id}/${route}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${route}: ${res.status} ${body.slice(0, 200)}`);
      if (i > 0) times.push(performance.now() - start); // the first run warms caches and plans
      if (i === 1) notes.push(`reports (${engine}) ${route}: ${(body.length / 1024).toFixed(0)} KB answer`);
    }
    const name = route.split('?')[0];
    rows.push({
      figure: `reports ${name} p50 / p99, ${engine}`,
      value: `${ms(pct(times, 50))} / ${ms(pct(times, 99))}`,
      // The target is PostgreSQL's (the server's engine); PGlite (dev and offline default) is shown beside it.
      target: engine === 'PostgreSQL' ? `≤ ${TARGET_MS} ms` : 'none (PGlite)',
      withinTarget: engine === 'PostgreSQL' ? pct(times, 50) <= TARGET_MS : null,
    });
  }
  notes.unshift(
    `reports (${engine}): ${STATEMENTS.toLocaleString('en-GB')} statements of one assignment beside ${STATEMENTS.toLocaleString('en-GB')} of another (filled by SQL in ${fillSeconds.toFixed(0)} s, then ${database.kind === 'pg' ? 'VACUUM ANALYZE' : 'ANALYZE only, as the app does'}), ${RUNS} runs per route through app.request after one warm-up; load average ${loadBefore.toFixed(1)} before and ${loadavg()[0].toFixed(1)} after on ${cpus().length} cores (a busy machine inflates wall-clock figures)`,
  );
  rows[rows.length - 1].notes = notes;
  return rows;
}

/**
 * PGlite in memory; also PostgreSQL when TEST_DATABASE_URL names a throwaway database (emptied first and
 * after). REPORTS_BENCH_ENGINES=pg measures PostgreSQL only. Then the dashboard's render time in Chromium
 * (needs `npm run build`). REPORTS_BENCH_ONLY=routes or =render runs one part.
 */
export const reportsBench: Bench = {
  name: 'reports',
  async run(): Promise<BenchRow[]> {
    const only = process.env.REPORTS_BENCH_ONLY;
    const rows: BenchRow[] = [];
    if (only !== 'render') {
      rows.push(...(await onPostgres(measure)));
      // PostgreSQL only, for a quicker run
      if (process.env.REPORTS_BENCH_ENGINES !== 'pg') rows.push(...(await onPglite(measure)));
    }
    if (only !== 'routes') rows.push(...(await dashboardRender()));
    return rows;
  },
};
