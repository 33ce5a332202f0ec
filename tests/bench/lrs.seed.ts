import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

/** Shape of the synthetic store: a school's year of xAPI traffic in one organisation. */
export const VERBS = 20;
export const ACTIVITIES = 2_000;
export const ACTORS = 5_000;
export const ASSIGNMENTS = 50;
export const REGISTRATIONS = 20_000;

export const verbId = (i: number) => `http://adlnet.gov/expapi/verbs/v${i % VERBS}`;
export const activityId = (i: number) => `https://flowlearn.test/activities/${i % ACTIVITIES}`;
export const actorMbox = (i: number) => `mailto:learner${i % ACTORS}@school.test`;
export const registrationOf = (i: number) =>
  `00000000-0000-4000-8000-${(i % REGISTRATIONS).toString().padStart(12, '0')}`;

/**
 * Fills the store with `count` statements by SQL (generate_series), with the same columns and JSON
 * the service writes, in chunks: the ingest figure is measured through HTTP separately; this only
 * makes a large store to query. Verbs skew like real traffic (a few verbs carry most statements).
 */
/** A whole number written into the SQL text (parameters of unknown type make generate_series ambiguous). */
const n = (value: number) => sql.raw(String(Math.trunc(value)));

export async function bulkFill(
  database: Database,
  space: string,
  count: number,
  onChunk: (done: number) => void,
) {
  const chunk = 100_000;
  // A large fill builds the secondary indexes once at the end (sorted builds) instead of inserting
  // into 13 indexes row by row: 10,000,000 statements in minutes rather than an hour. The index
  // definitions are read back from the catalogue, so the rebuilt ones are exactly the migration's.
  const rebuild = count >= REBUILD_INDEXES_FROM ? await dropSecondaryIndexes(database) : [];
  for (let start = 0; start < count; start += chunk) {
    const end = Math.min(count, start + chunk);
    await database.db.execute(sql`
      insert into lrs_statements (space, statement_id, stored, timestamp, verb_id, actor_ifi, object_activity_id,
        registration, related_activities, related_agents, assignment_id, flow_id, statement)
      select ${space}, id, ts, ts, verb, 'mbox:' || mbox, act, reg, array[act, parent], array['mbox:' || mbox],
        asg, flow,
        jsonb_build_object(
          'id', id, 'version', '2.0.0', 'stored', ts_text, 'timestamp', ts_text,
          'actor', jsonb_build_object('objectType', 'Agent', 'mbox', mbox, 'name', 'Learner ' || a),
          'verb', jsonb_build_object('id', verb, 'display', jsonb_build_object('en-GB', 'verb ' || v)),
          'object', jsonb_build_object('objectType', 'Activity', 'id', act,
            'definition', jsonb_build_object('name', jsonb_build_object('en-GB', 'Activity ' || x))),
          'result', jsonb_build_object('score', jsonb_build_object('raw', g % 10, 'max', 10), 'success', g % 3 > 0),
          'context', jsonb_build_object('registration', reg,
            'contextActivities', jsonb_build_object('parent', jsonb_build_array(jsonb_build_object('id', parent))),
            'extensions', jsonb_build_object('https://flowlearn.app/xapi/extensions/assignment-id', asg,
              'https://flowlearn.app/xapi/extensions/flow-id', flow)),
          'authority', jsonb_build_object('objectType', 'Agent', 'name', 'bench',
            'account', jsonb_build_object('homePage', 'http://localhost', 'name', 'bench')))
      from (
        select g, id, v, x, a, ts, to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ts_text,
          'http://adlnet.gov/expapi/verbs/v' || v as verb,
          'https://flowlearn.test/activities/' || x as act,
          'https://flowlearn.test/courses/' || (x % 40) as parent,
          'mailto:learner' || a || '@school.test' as mbox,
          ('00000000-0000-4000-8000-' || lpad((g % ${n(REGISTRATIONS)})::text, 12, '0'))::uuid as reg,
          'assignment-' || (g % ${n(ASSIGNMENTS)}) as asg,
          'flow-' || (g % 200) as flow
        from (
          select g, gen_random_uuid() as id,
            -- half of the traffic on 3 verbs, the rest spread over all of them
            case when g % 2 = 0 then g % 3 else g % ${n(VERBS)} end as v,
            (g::bigint * 7919) % ${n(ACTIVITIES)} as x, (g::bigint * 104729) % ${n(ACTORS)} as a,
            timestamptz '2026-01-01T00:00:00Z' + g * interval '25 ms' as ts
          from generate_series(${n(start + 1)}, ${n(end)}) as g
        ) raw
      ) s`);
    onChunk(end);
  }
  for (const definition of rebuild) await database.db.execute(sql.raw(definition));
  await database.db.execute(sql`analyze lrs_statements`);
}

const REBUILD_INDEXES_FROM = 2_000_000;

/** Drops the indexes of lrs_statements but the primary key; answers the statements that make them again. */
async function dropSecondaryIndexes(database: Database): Promise<string[]> {
  const result = (await database.db.execute(sql`select indexname, indexdef from pg_indexes
    where schemaname = current_schema() and tablename = 'lrs_statements'
      and indexname <> 'lrs_statements_space_statement_id_pk'`)) as unknown as {
    rows: Array<{ indexname: string; indexdef: string }>;
  };
  for (const r of result.rows) await database.db.execute(sql.raw(`drop index "${r.indexname}"`));
  // pg_indexes shows an index of a partitioned table as ON ONLY (the parent alone); without ONLY it
  // is built on every partition, as the migration made it.
  return result.rows.map((r) => r.indexdef.replace(' ON ONLY ', ' ON '));
}

/**
 * Bytes of the statements table (heap and TOAST) and of its indexes, summed over its partitions:
 * what a million statements cost on disk.
 */
export async function statementsSize(database: Database): Promise<{ table: number; indexes: number }> {
  const result = (await database.db.execute(sql`select
      coalesce(sum(pg_table_size(c.oid)), 0)::bigint as "table",
      coalesce(sum(pg_indexes_size(c.oid)), 0)::bigint as indexes
    from pg_class c
    where c.oid = 'lrs_statements'::regclass
      or c.oid in (select inhrelid from pg_inherits where inhparent = 'lrs_statements'::regclass)`)) as unknown as {
    rows: Array<{ table: string | number; indexes: string | number }>;
  };
  const row = result.rows[0];
  return { table: Number(row?.table ?? 0), indexes: Number(row?.indexes ?? 0) };
}
