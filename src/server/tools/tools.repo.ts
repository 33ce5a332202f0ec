import { and, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { collectionMembers, collections, flows, tools } from '../db/schema';

const { search: _search, ...toolColumns } = getTableColumns(tools);
export type ToolRow = Omit<typeof tools.$inferSelect, 'search'>;
export type NewTool = Omit<typeof tools.$inferInsert, 'search'>;
/** What a search answer needs of a tool row. */
export type ToolSearchRow = Pick<
  ToolRow,
  'id' | 'orgId' | 'name' | 'description' | 'code' | 'status' | 'iconUrl' | 'type' | 'flowIds' | 'tagIds'
>;

/** The personal space of a user, or an organisation (every member sees its tools). */
export interface ToolSpace {
  orgId: string | null;
  userId: string;
}

const inSpace = (s: ToolSpace): SQL =>
  s.orgId ? eq(tools.orgId, s.orgId) : (and(isNull(tools.orgId), eq(tools.ownerId, s.userId)) as SQL);

/** null when the short code was taken meanwhile (the caller draws another). */
export async function insertTool(db: Db, tool: NewTool): Promise<ToolRow | null> {
  const [row] = await db
    .insert(tools)
    .values(tool)
    .onConflictDoNothing({ target: tools.code })
    .returning(toolColumns);
  return row ?? null;
}

/** Bulk insert for seeding and benches; codes must already be unique. */
export async function insertTools(db: Db, rows: NewTool[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insert(tools).values(rows.slice(i, i + 500));
}

/**
 * Planner statistics and the visibility map after a bulk load. PostgreSQL's autovacuum does this by
 * itself; PGlite has no autovacuum, so bulk loaders (seeds, benches) call it. Not inside a transaction.
 */
export async function vacuumTools(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze tools`);
}

export async function findToolInSpace(db: Db, space: ToolSpace, id: string): Promise<ToolRow | null> {
  const [row] = await db
    .select(toolColumns)
    .from(tools)
    .where(and(eq(tools.id, id), inSpace(space)));
  return row ?? null;
}

export async function countToolsInSpace(db: Db, space: ToolSpace): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tools).where(inSpace(space));
  return row?.n ?? 0;
}

export interface ToolFlowRow {
  id: string;
  name: string;
  description: string;
  iconUrl: string | null;
  projectId: string | null;
}

/** The flows among `ids` that still exist, in no particular order. */
export async function findFlowsByIds(db: Db, ids: string[]): Promise<ToolFlowRow[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: flows.id,
      name: flows.name,
      description: flows.description,
      iconUrl: flows.iconUrl,
      projectId: flows.projectId,
    })
    .from(flows)
    .where(sql`${flows.id} = any(${sql.param(ids)}::text[])`);
}

export interface FlowForTool {
  id: string;
  name: string;
  description: string;
  /** Node types in the order they first appear. */
  nodeTypes: string[];
}

/** Types of a flow's nodes, once each, in order of first appearance; computed in the database. */
const nodeTypes = sql<string[]>`(
  select coalesce(array_agg(x.type order by x.first), '{}'::text[]) from (
    select n.e->>'type' as type, min(n.i) as first
    from json_array_elements(case when json_typeof(${flows.nodes}) = 'array' then ${flows.nodes} else '[]'::json end)
      with ordinality as n(e, i)
    where n.e->>'type' is not null group by 1
  ) x)`;

/**
 * The flows among `ids` the user may bundle in the space, by the rule of the flow lists
 * (flows.repo listAccessibleFlows): flows of the space that are the user's own without a collection,
 * or sit in a collection the user owns or is a member of; an organisation admin sees every
 * collection of the organisation.
 */
export async function findUsableFlows(
  db: Db,
  space: ToolSpace & { isOrgAdmin: boolean },
  ids: string[],
): Promise<FlowForTool[]> {
  if (!ids.length) return [];
  const ofSpace = space.orgId ? eq(flows.orgId, space.orgId) : isNull(flows.orgId);
  const mine = sql`(${flows.projectId} is null and ${flows.ownerId} = ${space.userId})`;
  const collection =
    space.isOrgAdmin && space.orgId
      ? sql`exists (select 1 from ${collections} c where c.id = ${flows.projectId} and c.org_id = ${space.orgId})`
      : sql`exists (select 1 from ${collections} c where c.id = ${flows.projectId} and (c.owner_id = ${space.userId}
          or exists (select 1 from ${collectionMembers} m where m.collection_id = c.id and m.user_id = ${space.userId})))`;
  return db
    .select({ id: flows.id, name: flows.name, description: flows.description, nodeTypes })
    .from(flows)
    .where(and(sql`${flows.id} = any(${sql.param(ids)}::text[])`, ofSpace, sql`(${mine} or ${collection})`));
}

/** The user's flows in the personal space, oldest first (seeding). */
export async function listPersonalFlowIds(db: Db, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: flows.id })
    .from(flows)
    .where(and(eq(flows.ownerId, userId), isNull(flows.orgId)))
    .orderBy(flows.createdAt, flows.id)
    .limit(limit);
  return rows.map((r) => r.id);
}
