import { type SQL, sql } from 'drizzle-orm';
import { VERB_VOIDED } from '../../shared/domain/xapi';
import type { Db } from '../db/client';
import type { LrsSpace } from '../lrs';

/**
 * Aggregates of one assignment's statements for the reports, in SQL so that a report over 100,000
 * statements never carries them to Node. Every query starts with `space = … and assignment_id = …`,
 * which the LRS index lrs_st_assignment_idx (space, assignment_id, verb_id, stored) serves. Voided
 * statements and voiding statements are left out, as the LRS query does. Statement lists themselves
 * come from the LRS service (createLrsService().queryStatements).
 */
export interface Scope {
  space: LrsSpace;
  assignmentId: string;
}

const where = (s: Scope): SQL =>
  sql`space = ${s.space} and assignment_id = ${s.assignmentId} and voided = false and verb_id <> ${VERB_VOIDED}`;

/** The parts of a statement the reports read (not attachments, authority, context activities). */
const SLIM = sql`jsonb_build_object('actor', statement->'actor', 'verb', statement->'verb',
  'object', statement->'object', 'result', statement->'result',
  'context', jsonb_build_object('extensions', statement->'context'->'extensions'))`;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, q: SQL): Promise<T[]> => ((await db.execute(q)) as unknown as Rows<T>).rows;
const json = (v: unknown): Record<string, unknown> =>
  (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;
const iso = (v: unknown): string => new Date(v as string).toISOString();
const num = (v: unknown): number => Number(v);

export interface SlimStatement {
  objectId: string;
  verbId: string;
  actor: string;
  timestamp: string;
  statement: Record<string, unknown>;
}

/** The newest `perCell` statements of every object × verb × actor, newest first within a cell. */
export async function cellStatements(db: Db, s: Scope, perCell: number): Promise<SlimStatement[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select object_activity_id, verb_id, actor_ifi, timestamp, st from (
      select object_activity_id, verb_id, actor_ifi, timestamp, ${SLIM} as st,
        row_number() over (partition by object_activity_id, verb_id, actor_ifi order by timestamp desc, seq desc) as rn
      from lrs_statements where ${where(s)} and object_activity_id is not null and actor_ifi is not null) x
    where rn <= ${perCell} order by object_activity_id, verb_id, actor_ifi, timestamp desc`,
  );
  return rows.map((r) => ({
    objectId: String(r.object_activity_id),
    verbId: String(r.verb_id),
    actor: String(r.actor_ifi),
    timestamp: iso(r.timestamp),
    statement: json(r.st),
  }));
}

export interface FlowCount {
  flowId: string;
  total: number;
  latest: string;
}

export async function flowCounts(db: Db, s: Scope): Promise<FlowCount[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select flow_id, count(*) as total, max(timestamp) as latest from lrs_statements
      where ${where(s)} and flow_id is not null group by flow_id`,
  );
  return rows.map((r) => ({ flowId: String(r.flow_id), total: num(r.total), latest: iso(r.latest) }));
}

/**
 * The newest `perFlow` statements of each of the flows: one index range per flow
 * (lrs_st_assignment_flow_idx), so it reads a few hundred rows, not the assignment's 100,000.
 */
export async function flowRecords(
  db: Db,
  s: Scope,
  flowIds: string[],
  perFlow: number,
): Promise<Array<{ flowId: string; timestamp: string; statement: Record<string, unknown> }>> {
  if (flowIds.length === 0) return [];
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select f.value as flow_id, r.timestamp, r.st
    from jsonb_array_elements_text(${JSON.stringify(flowIds)}::jsonb) as f
    cross join lateral (
      select timestamp, ${SLIM} as st from lrs_statements
      where ${where(s)} and flow_id = f.value
      order by timestamp desc limit ${perFlow}) r
    order by f.value, r.timestamp desc`,
  );
  return rows.map((r) => ({ flowId: String(r.flow_id), timestamp: iso(r.timestamp), statement: json(r.st) }));
}

/** Statements per UTC day, oldest day first. */
export async function perDay(db: Db, s: Scope): Promise<Array<{ date: string; interactions: number }>> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select to_char(timestamp at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as n
      from lrs_statements where ${where(s)} group by day order by day`,
  );
  return rows.map((r) => ({ date: String(r.day), interactions: num(r.n) }));
}

/** The actors with most statements (ties by identifier). */
export async function topActors(
  db: Db,
  s: Scope,
  limit: number,
): Promise<Array<{ name: string | null; mbox: string | null; account: string | null; n: number }>> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select actor_ifi, count(*) as n, max(statement->'actor'->>'name') as name,
        max(statement->'actor'->>'mbox') as mbox, max(statement->'actor'->'account'->>'name') as account
      from lrs_statements where ${where(s)} and actor_ifi is not null
      group by actor_ifi order by n desc, actor_ifi limit ${limit}`,
  );
  return rows.map((r) => ({
    name: (r.name as string | null) ?? null,
    mbox: (r.mbox as string | null) ?? null,
    account: (r.account as string | null) ?? null,
    n: num(r.n),
  }));
}

/** Statements per verb (most first), with one display map of each. */
export async function verbCounts(
  db: Db,
  s: Scope,
): Promise<Array<{ id: string; display: unknown; count: number }>> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select verb_id, count(*) as n, min((statement->'verb'->'display')::text) as display
      from lrs_statements where ${where(s)} group by verb_id order by n desc, verb_id`,
  );
  return rows.map((r) => ({
    id: String(r.verb_id),
    display: r.display ? JSON.parse(String(r.display)) : null,
    count: num(r.n),
  }));
}

export async function distinctActors(db: Db, s: Scope): Promise<number> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select count(distinct actor_ifi) as n from lrs_statements where ${where(s)}`,
  );
  return num(row?.n ?? 0);
}
