import { type SQL, sql } from 'drizzle-orm';
import { VERB_VOIDED } from '../../shared/domain/xapi';
import type { Db } from '../db/client';
import type { LrsSpace } from '../lrs';
import { participantKeys } from './person-key';

/**
 * Aggregates of one assignment's statements for the reports, in SQL so that a report over 100,000
 * statements never carries them to Node. Every query starts with `space = … and assignment_id = …
 * and not voided`, the predicate of the reports' indexes (migration 0018_reports_speed):
 * lrs_st_assignment_stored_idx carries the columns the counts read (index-only scans) and
 * lrs_st_assignment_cell_idx report-v2's cell order. Voided statements and voiding statements are
 * left out, as the LRS query does. Statement lists themselves come from the LRS service
 * (createLrsService().queryStatements).
 */
export interface Scope {
  space: LrsSpace;
  assignmentId: string;
  /** Our public origin: an account actor of it named by a participant's user id is that participant (person-key.ts). */
  origin?: string;
}

const where = (s: Scope): SQL =>
  sql`space = ${s.space} and assignment_id = ${s.assignmentId} and not voided and verb_id <> ${VERB_VOIDED}`;

/** The parts of a statement the reports read (not attachments, authority, context activities). */
const slim = (st: SQL) => sql`jsonb_build_object('actor', ${st}->'actor', 'verb', ${st}->'verb',
  'object', ${st}->'object', 'result', ${st}->'result',
  'context', jsonb_build_object('extensions', ${st}->'context'->'extensions'))`;
/** Score and evidence only: the older statements of a cell (its history) need no names. */
const SCORE_EVIDENCE = sql`jsonb_build_object('result', s.statement->'result',
  'context', jsonb_build_object('extensions', s.statement->'context'->'extensions'))`;

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

/**
 * The newest `perCell` statements of every object × verb × actor, newest first within a cell. Two
 * steps: the cells are numbered over lrs_st_assignment_cell_idx alone (an index-only scan in the
 * window's order: no sort, no statement read), then only the statements kept are read by key, the
 * newest of each cell with actor, verb and object (the names), the older ones with score and evidence.
 * (One join would do, but the planner cannot foresee how few rows the window keeps and reads the
 * whole table into a hash join.)
 */
export async function cellStatements(db: Db, s: Scope, perCell: number): Promise<SlimStatement[]> {
  const kept = await rowsOf<Record<string, unknown>>(
    db,
    sql`select statement_id, object_activity_id, verb_id, actor_ifi, timestamp, rn from (
      select statement_id, object_activity_id, verb_id, actor_ifi, timestamp, seq,
        row_number() over (partition by object_activity_id, verb_id, actor_ifi order by timestamp desc, seq desc) as rn
      from lrs_statements where ${where(s)} and object_activity_id is not null and actor_ifi is not null) x
    where rn <= ${perCell} order by object_activity_id, verb_id, actor_ifi, timestamp desc, seq desc`,
  );
  if (kept.length === 0) return [];
  const ids = `{${kept.map((r) => String(r.statement_id)).join(',')}}`;
  const newest = `{${kept.map((r) => (num(r.rn) === 1 ? 't' : 'f')).join(',')}}`;
  const read = await rowsOf<Record<string, unknown>>(
    db,
    sql`select k.id as statement_id,
      case when k.newest then ${slim(sql`s.statement`)} else ${SCORE_EVIDENCE} end as st
    from unnest(${ids}::uuid[], ${newest}::boolean[]) as k(id, newest)
    join lrs_statements s on s.space = ${s.space} and s.statement_id = k.id`,
  );
  const statementOf = new Map(read.map((r) => [String(r.statement_id), json(r.st)]));
  return kept.map((r) => ({
    objectId: String(r.object_activity_id),
    verbId: String(r.verb_id),
    actor: String(r.actor_ifi),
    timestamp: iso(r.timestamp),
    statement: statementOf.get(String(r.statement_id)) ?? {},
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
      select timestamp, ${slim(sql`statement`)} as st from lrs_statements
      where ${where(s)} and flow_id = f.value
      order by timestamp desc limit ${perFlow}) r
    order by f.value, r.timestamp desc`,
  );
  return rows.map((r) => ({ flowId: String(r.flow_id), timestamp: iso(r.timestamp), statement: json(r.st) }));
}

/** Statements per UTC day, oldest day first (the day formatted once per group, not per statement). */
export async function perDay(db: Db, s: Scope): Promise<Array<{ date: string; interactions: number }>> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as day, n from (
      select date_trunc('day', timestamp at time zone 'UTC') as d, count(*) as n
      from lrs_statements where ${where(s)} group by d) g order by d`,
  );
  return rows.map((r) => ({ date: String(r.day), interactions: num(r.n) }));
}

/**
 * The actors with most statements (ties by identifier): counted over the index, a participant's own
 * account folded into their mbox (one join on the distinct actors, person-key.ts), then each named by the
 * participant row or by its newest statement in the assignment (one statement read per actor).
 */
export async function topActors(
  db: Db,
  s: Scope,
  limit: number,
): Promise<Array<{ name: string | null; mbox: string | null; account: string | null; n: number }>> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with counted as (
        select actor_ifi, count(*) as n from lrs_statements where ${where(s)} and actor_ifi is not null
        group by actor_ifi),
      people as (${participantKeys(s.assignmentId, s.origin)}),
      top as (
        select coalesce(p.p_key, c.actor_ifi) as who, sum(c.n) as total, max(p.p_name) as p_name,
          max(p.p_mbox) as p_mbox
        from counted c left join people p on p.p_ifi = c.actor_ifi
        group by coalesce(p.p_key, c.actor_ifi) order by total desc, who limit ${limit})
      select top.who, top.total as n, coalesce(top.p_name, names.name) as name,
        coalesce(top.p_mbox, names.mbox) as mbox, names.account from top
      left join lateral (
        select statement->'actor'->>'name' as name, statement->'actor'->>'mbox' as mbox,
          statement->'actor'->'account'->>'name' as account
        from lrs_statements where ${where(s)} and actor_ifi = top.who order by stored desc limit 1) names on true
      order by top.total desc, top.who`,
  );
  return rows.map((r) => ({
    name: (r.name as string | null) ?? null,
    mbox: (r.mbox as string | null) ?? null,
    account: (r.account as string | null) ?? null,
    n: num(r.n),
  }));
}

/**
 * Statements per verb (most first) and the number of distinct people, in one pass over the index
 * (grouping sets), with the display map of each verb's newest statement (one statement read per verb).
 * A participant's own account counts as the participant (one join on the distinct actors, person-key.ts).
 */
export async function verbsAndActors(
  db: Db,
  s: Scope,
): Promise<{ verbs: Array<{ id: string; display: unknown; count: number }>; actors: number }> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with g as materialized (
        select verb_id, actor_ifi, grouping(verb_id) as by_actor, count(*) as n from lrs_statements
        where ${where(s)} group by grouping sets ((verb_id), (actor_ifi)))
      select verb_id, n, (
          select (statement->'verb'->'display')::text from lrs_statements
          where ${where(s)} and verb_id = g.verb_id order by stored desc limit 1) as display
        from g where by_actor = 0
      union all
      select null, count(distinct coalesce(p.p_key, g.actor_ifi)), null
        from g left join (${participantKeys(s.assignmentId, s.origin)}) p on p.p_ifi = g.actor_ifi
        where by_actor = 1 and g.actor_ifi is not null`,
  );
  const verbs = rows
    .filter((r) => r.verb_id !== null)
    .map((r) => ({
      id: String(r.verb_id),
      display: r.display ? JSON.parse(String(r.display)) : null,
      count: num(r.n),
    }))
    .sort((a, b) => b.count - a.count || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { verbs, actors: num(rows.find((r) => r.verb_id === null)?.n ?? 0) };
}
