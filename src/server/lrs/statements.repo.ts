import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { JsonObject, StatementColumns } from '../../shared/domain/xapi';
import { VERB_VOIDED } from '../../shared/domain/xapi';
import { type Db, queryRows } from '../db/client';
import { lrsActivities, lrsAttachments, lrsStatements } from '../db/schema';

/** One statement to insert; its space and `stored` are the batch's (insertStatements' parameters). */
export interface StatementRow extends StatementColumns {
  statementId: string;
  timestamp: Date;
  statement: JsonObject;
}

/** What GET /statements and the reports filter on; agents are identifiers (agentIfi). */
export interface StatementFilter {
  verb?: string;
  activity?: string;
  relatedActivities?: boolean;
  agent?: string;
  relatedAgents?: boolean;
  registration?: string;
  since?: Date;
  until?: Date;
  /** Flowlearn's own filters for the reports (not xAPI query parameters). */
  assignmentId?: string;
  flowId?: string;
  actor?: string;
}

/** Where a page ended: the `stored` time and insertion order of its last statement. */
export interface Cursor {
  stored: string;
  seq: number;
}

export interface FoundStatement {
  seq: number;
  stored: string;
  statement: JsonObject;
}

type Executor = Pick<Db, 'execute' | 'select' | 'insert' | 'update'>;

/** Ids as one JSON parameter: the same SQL on pg and PGlite, whatever the number of ids. */
const idList = (ids: string[]) =>
  sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** The stored statements among `ids` (to compare with statements sent again with the same id). */
export async function findStatements(db: Executor, space: string, ids: string[]) {
  if (ids.length === 0) return [];
  const result = (await db.execute(sql`select statement_id, statement from lrs_statements
    where space = ${space} and statement_id in ${idList(ids)}`)) as unknown as {
    rows: Array<{ statement_id: string; statement: JsonObject | string }>;
  };
  return result.rows.map((r) => ({
    statementId: r.statement_id,
    statement: typeof r.statement === 'string' ? (JSON.parse(r.statement) as JsonObject) : r.statement,
  }));
}

// The batch's space ($3) and stored time ($4) are parameters, not repeated in every row of the JSON:
// fewer bytes to write to the socket and to parse. With the space a parameter, the lookup of a
// stored voiding statement reads that space's partition only, never the voids of every space.
const INSERT_STATEMENTS = `insert into lrs_statements (space, statement_id, stored, timestamp, verb_id,
    actor_ifi, object_activity_id, object_agent_ifi, object_statement_id, registration, related_activities,
    related_agents, assignment_id, flow_id, voided, statement)
  select $3::text, x."statementId", $4::timestamptz, x.timestamp, x."verbId", x."actorIfi", x."objectActivityId",
    x."objectAgentIfi", x."objectStatementId", x.registration, x."relatedActivities", x."relatedAgents",
    x."assignmentId", x."flowId",
    exists (select 1 from lrs_statements v where v.space = $3::text and v.object_statement_id = x."statementId"
      and v.verb_id = $2),
    x.statement
  from jsonb_to_recordset($1::jsonb) as x("statementId" uuid,
    timestamp timestamptz, "verbId" text, "actorIfi" text, "objectActivityId" text, "objectAgentIfi" text,
    "objectStatementId" uuid, registration uuid, "relatedActivities" text[], "relatedAgents" text[],
    "assignmentId" text, "flowId" text, statement jsonb)
  on conflict (space, statement_id) do nothing
  returning statement_id`;

/**
 * Inserts the rows of one space in one statement (one JSON parameter unpacked by
 * jsonb_to_recordset: a third of the time of a 1,700-parameter VALUES list on PostgreSQL), prepared
 * once per connection. A row whose id is stored already is skipped; a row that a stored voiding
 * statement targets is stored voided (the voiding statement may arrive first). Answers the ids
 * inserted.
 */
export async function insertStatements(
  db: Executor,
  space: string,
  stored: Date,
  rows: StatementRow[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const result = await queryRows(
    db as Db,
    INSERT_STATEMENTS,
    [JSON.stringify(rows), VERB_VOIDED, space, stored.toISOString()],
    'lrs_insert_statements_v2',
  );
  return new Set(result.map((r) => String(r.statement_id)));
}

/** Marks the targets voided, unless a target is itself a voiding statement (that cannot be voided). */
export async function markVoided(db: Executor, space: string, targets: string[]): Promise<void> {
  if (targets.length === 0) return;
  await db
    .update(lrsStatements)
    .set({ voided: true })
    .where(
      and(
        eq(lrsStatements.space, space),
        inArray(lrsStatements.statementId, targets),
        ne(lrsStatements.verbId, VERB_VOIDED),
      ),
    );
}

/** The stored definition merged with a new one (lrs_merge_definition, migration 0037). */
const MERGED = 'lrs_merge_definition(lrs_activities.definition, excluded.definition)';
// In id order, so that two batches upserting the same activities lock them in the same order. Most
// statements repeat a known definition: no new row version, no index work, for those.
const UPSERT_ACTIVITIES = `insert into lrs_activities (space, activity_id, definition, updated_at)
  select $1, x.id, x.definition, $3::timestamptz
  from jsonb_to_recordset($2::jsonb) as x(id text, definition jsonb)
  order by x.id
  on conflict (space, activity_id) do update set definition = ${MERGED}, updated_at = excluded.updated_at
  where lrs_activities.definition is distinct from ${MERGED}`;

/**
 * Keeps the most complete definition of each activity: a statement in Thai adds the Thai name to
 * the English one, a later one adds extensions or interaction components. One prepared statement.
 */
export async function upsertActivities(
  db: Executor,
  space: string,
  defs: Array<{ id: string; definition: JsonObject }>,
): Promise<void> {
  if (defs.length === 0) return;
  const sorted = [...defs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  await queryRows(
    db as Db,
    UPSERT_ACTIVITIES,
    [space, JSON.stringify(sorted), new Date().toISOString()],
    'lrs_upsert_activities',
  );
}

export async function activityDefinitions(db: Executor, space: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, JsonObject>();
  const rows = await db
    .select({ id: lrsActivities.activityId, definition: lrsActivities.definition })
    .from(lrsActivities)
    .where(and(eq(lrsActivities.space, space), inArray(lrsActivities.activityId, ids)));
  return new Map(rows.map((r) => [r.id, r.definition as JsonObject]));
}

export async function attachmentRows(db: Executor, space: string, hashes: string[]) {
  if (hashes.length === 0) return [];
  return db
    .select()
    .from(lrsAttachments)
    .where(and(eq(lrsAttachments.space, space), inArray(lrsAttachments.sha2, hashes)));
}

/** One statement by id; `voided` true asks for a voided one (voidedStatementId). */
export async function statementById(db: Executor, space: string, id: string, voided: boolean) {
  const [row] = await db
    .select({ stored: lrsStatements.stored, statement: lrsStatements.statement })
    .from(lrsStatements)
    .where(
      and(
        eq(lrsStatements.space, space),
        eq(lrsStatements.statementId, id),
        eq(lrsStatements.voided, voided),
      ),
    );
  return row ? { stored: row.stored, statement: row.statement as JsonObject } : null;
}

/** The filter as SQL over a table alias; null when there is no filter at all. */
function conditions(f: StatementFilter, a: string): SQL | null {
  const col = (name: string) => sql.raw(`${a}.${name}`);
  const parts: SQL[] = [];
  if (f.verb !== undefined) parts.push(sql`${col('verb_id')} = ${f.verb}`);
  if (f.activity !== undefined)
    parts.push(
      f.relatedActivities
        ? sql`${col('related_activities')} @> array[${f.activity}]::text[]`
        : sql`${col('object_activity_id')} = ${f.activity}`,
    );
  if (f.agent !== undefined)
    parts.push(
      f.relatedAgents
        ? sql`${col('related_agents')} @> array[${f.agent}]::text[]`
        : sql`(${col('actor_ifi')} = ${f.agent} or ${col('object_agent_ifi')} = ${f.agent})`,
    );
  if (f.registration !== undefined) parts.push(sql`${col('registration')} = ${f.registration}::uuid`);
  if (f.assignmentId !== undefined) parts.push(sql`${col('assignment_id')} = ${f.assignmentId}`);
  if (f.flowId !== undefined) parts.push(sql`${col('flow_id')} = ${f.flowId}`);
  if (f.actor !== undefined) parts.push(sql`${col('actor_ifi')} = ${f.actor}`);
  return parts.length ? sql.join(parts, sql` and `) : null;
}

function window(f: StatementFilter, a: string, cursor: Cursor | null, ascending: boolean): SQL {
  const col = (name: string) => sql.raw(`${a}.${name}`);
  const parts: SQL[] = [];
  if (f.since) parts.push(sql`${col('stored')} > ${f.since.toISOString()}::timestamptz`);
  if (f.until) parts.push(sql`${col('stored')} <= ${f.until.toISOString()}::timestamptz`);
  if (cursor) {
    const op = sql.raw(ascending ? '>' : '<');
    parts.push(
      sql`(${col('stored')}, ${col('seq')}) ${op} (${cursor.stored}::timestamptz, ${cursor.seq}::bigint)`,
    );
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * A page of statements, newest first unless ascending. Statements whose StatementRef targets a
 * statement that matches the filter are returned too (Data §2.5): a second, small branch over
 * the statements that carry a StatementRef, merged by the same order.
 */
export async function queryStatements(
  db: Executor,
  space: string,
  filter: StatementFilter,
  opts: { limit: number; ascending: boolean; cursor: Cursor | null },
): Promise<FoundStatement[]> {
  const dir = sql.raw(opts.ascending ? 'asc' : 'desc');
  const own = conditions(filter, 's') ?? sql`true`;
  const main = sql`select s.seq, s.stored, s.statement from lrs_statements s
    where s.space = ${space} and not s.voided and ${own} and ${window(filter, 's', opts.cursor, opts.ascending)}
    order by s.stored ${dir}, s.seq ${dir} limit ${opts.limit}`;
  const target = conditions(filter, 't');
  const self = conditions(filter, 'r');
  const query =
    target && self
      ? sql`select * from ((${main}) union all (select r.seq, r.stored, r.statement from lrs_statements r
          join lrs_statements t on t.space = r.space and t.statement_id = r.object_statement_id
          where r.space = ${space} and r.object_statement_id is not null and not r.voided
            and ${target} and not coalesce((${self}), false)
            and ${window(filter, 'r', opts.cursor, opts.ascending)}
          order by r.stored ${dir}, r.seq ${dir} limit ${opts.limit})) u
        order by stored ${dir}, seq ${dir} limit ${opts.limit}`
      : main;
  const result = (await db.execute(query)) as unknown as {
    rows: Array<{ seq: string | number; stored: string | Date; statement: JsonObject | string }>;
  };
  return result.rows.map((r) => ({
    seq: Number(r.seq),
    stored: new Date(r.stored).toISOString(),
    statement: typeof r.statement === 'string' ? (JSON.parse(r.statement) as JsonObject) : r.statement,
  }));
}

/** Names this agent used as an actor (the Person object of the Agents resource). */
export async function actorNames(db: Executor, space: string, ifi: string): Promise<string[]> {
  const result =
    (await db.execute(sql`select distinct s.statement->'actor'->>'name' as name from lrs_statements s
    where s.space = ${space} and s.actor_ifi = ${ifi} and s.statement->'actor' ? 'name' limit 50`)) as unknown as {
      rows: Array<{ name: string }>;
    };
  return result.rows.map((r) => r.name);
}
