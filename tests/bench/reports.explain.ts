import { type SQL, sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../../src/server/db/client';
import { queryStatements } from '../../src/server/lrs/statements.repo';
import {
  cellStatements,
  flowCounts,
  flowRecords,
  perDay,
  type Scope,
  topActors,
  verbsAndActors,
} from '../../src/server/reports/reports.repo';
import { fillAssignment } from './reports.seed';

/**
 * `TEST_DATABASE_URL=… npx tsx tests/bench/reports.explain.ts`: fills a throwaway PostgreSQL
 * database (or, without the variable, PGlite in memory) as the reports bench does (unless it holds the data already; REPORTS_BENCH_STATEMENTS)
 * and prints EXPLAIN (ANALYZE, BUFFERS) of each query the report routes run. Plans and execution
 * times are far less noisy than wall-clock figures on a busy machine. `REPORTS_EXPLAIN_KEEP=1` keeps
 * the data for another run; otherwise the database is emptied at the end.
 */
const STATEMENTS = Number(process.env.REPORTS_BENCH_STATEMENTS ?? 100_000);
const url = process.env.TEST_DATABASE_URL;
const FLOWS_A = ['flowA1', 'flowA2', 'flowA3', 'flowA4'];
const FLOWS_B = ['flowB1', 'flowB2', 'flowB3', 'flowB4'];
const scope: Scope = { space: 'user:explain', assignmentId: 'asgA' };

// Without TEST_DATABASE_URL: PGlite in memory (filled anew; ANALYZE only, as the app does).
const database = await openDatabase(url ? { url } : { pgliteDir: 'memory://' });
const db = database.db;
const count = async () => {
  const r = (await db.execute(
    sql`select count(*)::int as n from lrs_statements where space = ${scope.space} and assignment_id = ${scope.assignmentId}`,
  )) as unknown as { rows: Array<{ n: number }> };
  return r.rows[0].n;
};
if ((await count()) !== STATEMENTS) {
  await database.truncateAll();
  await fillAssignment(database, scope.space, scope.assignmentId, FLOWS_A, STATEMENTS);
  await fillAssignment(database, scope.space, 'asgB', FLOWS_B, STATEMENTS, STATEMENTS);
  await db.execute(url ? sql`vacuum analyze lrs_statements` : sql`analyze lrs_statements`);
}

/** A Db whose execute prints the plan of the query before running it. */
const explaining = (label: string): Db =>
  new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (q: SQL) => {
        const plan = (await target.execute(sql`explain (analyze, buffers, timing off) ${q}`)) as unknown as {
          rows: Array<Record<string, string>>;
        };
        console.log(`\n### ${label}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
        return target.execute(q);
      };
    },
  }) as Db;

await cellStatements(explaining('report-v2: cellStatements'), scope, 10);
await flowCounts(explaining('latest-activities: flowCounts'), scope);
await flowRecords(explaining('latest-activities: flowRecords'), scope, FLOWS_A, 50);
await perDay(explaining('line-chart: perDay'), scope);
await topActors(explaining('top-activities: topActors'), scope, 10);
await verbsAndActors(explaining('lrs-dashboard: verbsAndActors'), scope);
let cursor = null;
for (let page = 0; page < 2; page++) {
  const rows = await queryStatements(
    explaining(`lrs-dashboard: queryStatements page ${page + 1} of 500`),
    scope.space,
    { assignmentId: scope.assignmentId },
    { limit: 501, ascending: false, cursor },
  );
  const last = rows[499];
  cursor = last ? { stored: last.stored, seq: last.seq } : null;
}
if (!process.env.REPORTS_EXPLAIN_KEEP) await database.truncateAll();
await database.close();
