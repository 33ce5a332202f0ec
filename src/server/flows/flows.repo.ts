import { and, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { inSpace, likePattern, type SqlValue, visibleCollections } from '../collections/collections.repo';
import type { Db } from '../db/client';
import { namedStatement, shapedStatement } from '../db/named-statement';
import { collections, flows } from '../db/schema';

/** A flow as the app uses it (nodes_count is for lists only: FlowSummaryRow). */
export type FlowRow = Omit<typeof flows.$inferSelect, 'nodesCount'>;
export type NewFlow = Omit<FlowRow, 'createdAt' | 'updatedAt' | 'revision'>;
export type FlowPatch = Partial<
  Pick<FlowRow, 'name' | 'description' | 'iconUrl' | 'nodes' | 'edges' | 'published'>
>;

/** Everything of a flow but its graph (nodes and edges, ~80 KB of JSON for 200 blocks). */
export const metaColumns = {
  id: flows.id,
  orgId: flows.orgId,
  ownerId: flows.ownerId,
  projectId: flows.projectId,
  name: flows.name,
  description: flows.description,
  iconUrl: flows.iconUrl,
  published: flows.published,
  revision: flows.revision,
  createdAt: flows.createdAt,
  updatedAt: flows.updatedAt,
};
export type FlowMeta = Omit<FlowRow, 'nodes' | 'edges'>;

// Lists never load the graphs: the node count is a column PostgreSQL keeps (migration 0019).
const summaryColumns = {
  ...metaColumns,
  nodesCount: flows.nodesCount,
};
export type FlowSummaryRow = Omit<FlowRow, 'nodes' | 'edges'> & {
  nodesCount: number;
  projectName?: string | null;
};

/** A flow's change shows on its collection's card, so the collection counts as updated too. */
export async function touchCollections(db: Db, ids: Array<string | null>, at: Date): Promise<void> {
  const present = [...new Set(ids.filter((id): id is string => id !== null))];
  if (present.length)
    await db.update(collections).set({ updatedAt: at }).where(inArray(collections.id, present));
}

export async function findFlow(db: Db, orgId: string | null, id: string): Promise<FlowRow | null> {
  const [row] = await db
    .select()
    .from(flows)
    .where(and(eq(flows.id, id), inSpace(flows.orgId, orgId)));
  return row ?? null;
}

/**
 * Reads of one flow by id in a space, as named statements (one per kind of space: personal, or an
 * organisation's): parsed and planned once per connection, on PGlite too (pglite-prepared.ts), and
 * mapped here without drizzle's row mapping. On PGlite a read of a 200-block flow took 0.74 ms
 * instead of 1.04 through drizzle's prepared query, its meta 0.12 instead of 0.37.
 */
// The same columns as metaColumns, by their database names.
export const META_COLUMNS = Object.values(metaColumns)
  .map((c) => c.name)
  .join(', ');
const spaceText = (personal: boolean) => (personal ? 'org_id is null' : 'org_id = :orgId');
const READ_META = [false, true].map((personal) =>
  namedStatement(
    personal ? 'flows_meta_personal' : 'flows_meta',
    `select ${META_COLUMNS} from flows where id = :id and ${spaceText(personal)}`,
  ),
);
// The graph is left out (null) at the revision the caller already has the texts of.
const READ_JSON = [false, true].map((personal) =>
  namedStatement(
    personal ? 'flows_read_json_personal' : 'flows_read_json',
    `select ${META_COLUMNS},
      case when revision = :knownRevision::int then null else nodes::text end as nodes_json,
      case when revision = :knownRevision::int then null else edges::text end as edges_json
    from flows where id = :id and ${spaceText(personal)}`,
  ),
);

const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
export function metaOf(r: Record<string, unknown>): FlowMeta {
  return {
    id: String(r.id),
    orgId: (r.org_id as string | null) ?? null,
    ownerId: String(r.owner_id),
    projectId: (r.project_id as string | null) ?? null,
    name: String(r.name),
    description: String(r.description),
    iconUrl: (r.icon_url as string | null) ?? null,
    published: r.published === true,
    revision: Number(r.revision),
    createdAt: asDate(r.created_at),
    updatedAt: asDate(r.updated_at),
  };
}

/** A flow without its graph: a save that replaces the whole graph does not need the stored one. */
export async function findFlowMeta(db: Db, orgId: string | null, id: string): Promise<FlowMeta | null> {
  const [row] = await READ_META[orgId === null ? 1 : 0](db, { id, orgId });
  return row ? metaOf(row) : null;
}

export type FlowJsonRow = FlowMeta & { nodesJson: string; edgesJson: string };
/** A flow's graph texts as stored at one revision. */
export type GraphTexts = { revision: number; nodesJson: string; edgesJson: string };

/**
 * A flow with its graph as the JSON text PostgreSQL stores, for answers that only pass it on: no
 * parse of ~80 KB into objects and no JSON.stringify of them again. With `known`, the texts of the
 * flow at some revision, the graph is read only when the flow's revision is another one: every write
 * of a graph moves the revision, so at that revision the stored texts are those.
 */
export async function findFlowJson(
  db: Db,
  orgId: string | null,
  id: string,
  known?: GraphTexts,
): Promise<FlowJsonRow | null> {
  const [row] = await READ_JSON[orgId === null ? 1 : 0](db, {
    id,
    orgId,
    knownRevision: known?.revision ?? -1,
  });
  if (!row) return null;
  const meta = metaOf(row);
  if (row.nodes_json === null && known !== undefined && meta.revision === known.revision)
    return { ...meta, nodesJson: known.nodesJson, edgesJson: known.edgesJson };
  return { ...meta, nodesJson: String(row.nodes_json), edgesJson: String(row.edges_json) };
}

export async function findFlows(db: Db, orgId: string | null, ids: string[]): Promise<FlowRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(flows)
    .where(and(inArray(flows.id, ids), inSpace(flows.orgId, orgId)));
}

const byNewest = [desc(flows.createdAt), desc(flows.id)];

export async function listProjectFlows(
  db: Db,
  projectId: string,
  keyword?: string,
): Promise<FlowSummaryRow[]> {
  const conditions: SQL[] = [eq(flows.projectId, projectId)];
  if (keyword) conditions.push(sql`${flows.name} ilike ${likePattern(keyword)}`);
  return db
    .select(summaryColumns)
    .from(flows)
    .where(and(...conditions))
    .orderBy(...byNewest);
}

/**
 * The flows a user can open and edit in the space (flowFor's rule, as the lists show it): their own
 * outside any collection, and those of the collections they may open. With values, or with
 * placeholders for a statement built once per kind of space (accessibleFlowsOf).
 */
export function accessibleFlows(orgId: SqlValue | null, userId: SqlValue, allInOrg: boolean): SQL {
  const visible = sql`select ${collections.id} from ${collections} where ${visibleCollections(orgId, userId, allInOrg)}`;
  const mine = and(isNull(flows.projectId), eq(flows.ownerId, userId));
  return and(inSpace(flows.orgId, orgId), or(mine, sql`${flows.projectId} in (${visible})`)) as SQL;
}

/** The kinds of space whose statements differ in text (a statement built once per kind). */
export type SpaceKind = 'personal' | 'org' | 'org_all';
export const spaceKind = (q: { orgId: string | null; allInOrg: boolean }): SpaceKind =>
  q.orgId === null ? 'personal' : q.allInOrg ? 'org_all' : 'org';
/** accessibleFlows for a shapedStatement: placeholders `orgId` and `userId`. */
export const accessibleFlowsOf = (kind: SpaceKind): SQL =>
  accessibleFlows(
    kind === 'personal' ? null : sql.placeholder('orgId'),
    sql.placeholder('userId'),
    kind === 'org_all',
  );

/** Every flow the user can open in the space: their own without a project and those of visible collections. */
export async function listAccessibleFlows(
  db: Db,
  q: { orgId: string | null; userId: string; allInOrg: boolean; keyword?: string; limit: number },
  withTotal = true,
): Promise<{ rows: FlowSummaryRow[]; total: number }> {
  const conditions = [accessibleFlows(q.orgId, q.userId, q.allInOrg)];
  if (q.keyword) conditions.push(sql`${flows.name} ilike ${likePattern(q.keyword)}`);
  const where = and(...conditions);
  // With the collection's name: pickers say which collection a flow is in.
  const rows = await db
    .select({ ...summaryColumns, projectName: collections.name })
    .from(flows)
    .leftJoin(collections, eq(flows.projectId, collections.id))
    .where(where)
    .orderBy(...byNewest)
    .limit(q.limit);
  // The list of the home page needs no total: a second statement only the search pays for.
  if (!withTotal) return { rows, total: rows.length };
  const [{ total }] = await db.select({ total: count() }).from(flows).where(where);
  return { rows, total: Number(total) };
}

/** A timestamp as JSON.stringify writes a Date (toISOString: UTC, milliseconds cut, not rounded). */
const isoText = (column: PgColumn | SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The list of the home page (listAccessibleFlows without a keyword) as the JSON text of its
 * summaries, built by PostgreSQL: the same fields, in flowSummaryView's order, so that 100 rows are
 * neither turned into objects nor stringified again here. Built once per kind of space.
 */
const FLOW_LIST_JSON = shapedStatement('flows_list_json', (kind: SpaceKind) => {
  const where = accessibleFlowsOf(kind);
  // The page is sorted and cut on the bare columns; only its rows are then turned into text (to_char
  // on every visible flow before the cut cost more than the rest of the statement).
  const page = sql`select ${flows.id} as id, ${flows.name} as name, ${flows.description} as description,
    ${flows.iconUrl} as icon_url, ${flows.projectId} as project_id, ${flows.ownerId} as owner_id,
    ${flows.orgId} as org_id, ${flows.published} as published, ${flows.revision} as revision,
    ${flows.createdAt} as created_at, ${flows.updatedAt} as updated_at,
    ${flows.nodesCount} as nodes_count, ${collections.name} as project_name
    from ${flows} left join ${collections} on ${eq(flows.projectId, collections.id)}
    where ${where} order by ${flows.createdAt} desc, ${flows.id} desc limit ${sql.placeholder('limit')}`;
  const created = isoText(sql`p.created_at`);
  const updated = isoText(sql`p.updated_at`);
  // Each row is turned into JSON whole (its columns named as the summary's fields): 17 % less of
  // PostgreSQL's time than json_build_object's 28 arguments per row. The rows come from a sorted
  // subquery and the outer level only aggregates (no join), which keeps their order (PostgreSQL's
  // manual, Aggregate Expressions).
  return sql`select coalesce(json_agg(r), '[]')::text as data from (
    select p.id as "_id", p.id, p.name, p.description, p.icon_url as "iconUrl", p.project_id as "projectId",
      p.owner_id as "ownerId", p.org_id as "orgId", p.published, p.revision, ${created} as "createdAt",
      ${updated} as "updatedAt", p.nodes_count as "nodesCount", p.project_name as "projectName"
    from (${page}) p order by p.created_at desc, p.id desc) r`;
});

export async function listAccessibleFlowsJson(
  db: Db,
  q: { orgId: string | null; userId: string; allInOrg: boolean; limit: number },
): Promise<string> {
  const [row] = await FLOW_LIST_JSON(db, spaceKind(q), { orgId: q.orgId, userId: q.userId, limit: q.limit });
  return (row?.data as string | undefined) ?? '[]';
}

/** The names of the flows in a collection, or (null) in the owner's No Project of the space. */
export async function flowNamesIn(
  db: Db,
  q: { orgId: string | null; projectId: string | null; ownerId: string },
): Promise<Set<string>> {
  const where =
    q.projectId === null
      ? and(inSpace(flows.orgId, q.orgId), isNull(flows.projectId), eq(flows.ownerId, q.ownerId))
      : eq(flows.projectId, q.projectId);
  const rows = await db.select({ name: flows.name }).from(flows).where(where);
  return new Set(rows.map((r) => r.name));
}

export async function insertFlows(db: Db, rows: NewFlow[]): Promise<FlowRow[]> {
  if (!rows.length) return [];
  return db.transaction(async (tx) => {
    const now = new Date();
    // Creation order is the default list order; a later row of one batch gets a later timestamp.
    const values = rows.map((r, i) => {
      const at = new Date(now.getTime() + i);
      return { ...r, nodesCount: r.nodes.length, revision: 1, createdAt: at, updatedAt: at };
    });
    const out: FlowRow[] = [];
    for (let i = 0; i < values.length; i += 100) {
      out.push(
        ...(await tx
          .insert(flows)
          .values(values.slice(i, i + 100))
          .returning()),
      );
    }
    await touchCollections(
      tx,
      rows.map((r) => r.projectId),
      now,
    );
    return out;
  });
}

export async function deleteFlow(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(flows).where(eq(flows.id, id)).returning({ projectId: flows.projectId });
    await touchCollections(
      tx,
      gone.map((g) => g.projectId),
      new Date(),
    );
    return gone.length === 1;
  });
}

/**
 * Moves flows to a collection (or to No Project, then owned by `newOwnerId`). The revision stays: a
 * move does not change the document, so an editor open on the flow can still save.
 */
export async function moveFlows(
  db: Db,
  ids: string[],
  projectId: string | null,
  newOwnerId?: string,
): Promise<FlowSummaryRow[]> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const before = await tx.select({ projectId: flows.projectId }).from(flows).where(inArray(flows.id, ids));
    const set = { projectId, updatedAt: now, ...(newOwnerId ? { ownerId: newOwnerId } : {}) };
    const moved = await tx.update(flows).set(set).where(inArray(flows.id, ids)).returning(summaryColumns);
    await touchCollections(tx, [projectId, ...before.map((b) => b.projectId)], now);
    return moved;
  });
}
