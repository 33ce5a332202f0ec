import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeys, automationTasks, flows, taskUsage } from '../db/schema';

export type TaskRow = typeof automationTasks.$inferSelect & { flowName: string };

/** Whose tasks a caller sees: their own in the space; an organisation's admins see all of its tasks. */
export interface TaskSpace {
  userId: string;
  orgId: string | null;
  isOrgAdmin: boolean;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function visibleIn(space: TaskSpace): SQL {
  if (space.orgId === null)
    return and(isNull(automationTasks.orgId), eq(automationTasks.ownerId, space.userId)) as SQL;
  const inOrg = eq(automationTasks.orgId, space.orgId);
  return (space.isOrgAdmin ? inOrg : and(inOrg, eq(automationTasks.ownerId, space.userId))) as SQL;
}

const columns = {
  id: automationTasks.id,
  orgId: automationTasks.orgId,
  ownerId: automationTasks.ownerId,
  flowId: automationTasks.flowId,
  name: automationTasks.name,
  description: automationTasks.description,
  iconUrl: automationTasks.iconUrl,
  status: automationTasks.status,
  createdAt: automationTasks.createdAt,
  updatedAt: automationTasks.updatedAt,
  flowName: flows.name,
};

export async function insertTask(db: Db, row: typeof automationTasks.$inferInsert): Promise<void> {
  await db.insert(automationTasks).values(row);
}

export async function findVisibleTask(db: Db, space: TaskSpace, id: string): Promise<TaskRow | null> {
  const [row] = await db
    .select(columns)
    .from(automationTasks)
    .innerJoin(flows, eq(flows.id, automationTasks.flowId))
    .where(and(visibleIn(space), eq(automationTasks.id, id)));
  return row ?? null;
}

/**
 * API key authentication and what the run calls, in one round trip (issue 17: the per-run overhead of
 * authentication and charging is ≤ 3 ms): the live key whose secret hashes to `hash`, the task `taskId`
 * if it exists (the run call checks the key's space itself), and its flow's graph if the flow is in
 * the task's space. Null when no live key has that hash.
 */
export async function findKeyAndTask(db: Db, hash: string, taskId: string | null) {
  const [row] = await db
    .select({
      key: apiKeys,
      task: automationTasks,
      flowName: flows.name,
      nodes: flows.nodes,
      edges: flows.edges,
    })
    .from(apiKeys)
    .leftJoin(automationTasks, taskId === null ? sql`false` : eq(automationTasks.id, taskId))
    .leftJoin(
      flows,
      and(
        eq(flows.id, automationTasks.flowId),
        sql`${flows.orgId} is not distinct from ${automationTasks.orgId}`,
      ),
    )
    .where(and(eq(apiKeys.secretHash, hash), isNull(apiKeys.deletedAt)));
  if (!row) return null;
  const task: TaskRow | null = row.task && { ...row.task, flowName: row.flowName ?? '' };
  const flow = task && row.nodes && row.edges ? { nodes: row.nodes, edges: row.edges } : null;
  return { key: row.key, task, flow };
}

const SORTS = {
  createdAt: automationTasks.createdAt,
  updatedAt: automationTasks.updatedAt,
  name: sql`lower(${automationTasks.name})`,
} as const;

export async function listTasks(
  db: Db,
  space: TaskSpace,
  q: {
    keyword?: string;
    status?: 'live' | 'paused' | 'completed';
    skip: number;
    limit: number;
    sortBy: keyof typeof SORTS;
    order: 'asc' | 'desc';
  },
): Promise<{ rows: TaskRow[]; total: number }> {
  const where = [visibleIn(space)];
  if (q.keyword) where.push(sql`${automationTasks.name} ilike ${`%${escapeLike(q.keyword)}%`}`);
  if (q.status) where.push(eq(automationTasks.status, q.status));
  const dir = q.order === 'asc' ? asc : desc;
  const rows = await db
    .select(columns)
    .from(automationTasks)
    .innerJoin(flows, eq(flows.id, automationTasks.flowId))
    .where(and(...where))
    .orderBy(dir(SORTS[q.sortBy]), dir(automationTasks.id))
    .offset(q.skip)
    .limit(q.limit);
  const [{ total }] = await db
    .select({ total: count() })
    .from(automationTasks)
    .where(and(...where));
  return { rows, total };
}

export async function updateTask(
  db: Db,
  id: string,
  patch: Partial<Pick<typeof automationTasks.$inferInsert, 'name' | 'description' | 'status'>>,
): Promise<void> {
  await db
    .update(automationTasks)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(automationTasks.id, id));
}

export async function deleteTask(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(automationTasks)
    .where(eq(automationTasks.id, id))
    .returning({ id: automationTasks.id });
  return rows.length > 0;
}

export async function insertUsage(db: Db, row: typeof taskUsage.$inferInsert): Promise<void> {
  await db.insert(taskUsage).values(row);
}

export async function taskTotals(db: Db, taskId: string): Promise<{ runs: number; credits: string }> {
  const [row] = await db
    .select({
      runs: sql<number>`count(*)::int`,
      credits: sql<string>`coalesce(sum(${taskUsage.credits}), 0)::text`,
    })
    .from(taskUsage)
    .where(eq(taskUsage.taskId, taskId));
  return row;
}

/** Usage per API key and UTC day, newest day first, between two instants. */
export async function usageByKeyAndDay(
  db: Db,
  taskId: string,
  from: Date | null,
  to: Date | null,
  status?: 'done' | 'failed',
) {
  const day = sql<string>`to_char(${taskUsage.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const where = [eq(taskUsage.taskId, taskId)];
  if (status) where.push(eq(taskUsage.status, status));
  if (from) where.push(sql`${taskUsage.createdAt} >= ${from.toISOString()}::timestamptz`);
  if (to) where.push(sql`${taskUsage.createdAt} < ${to.toISOString()}::timestamptz`);
  return db
    .select({
      date: day,
      lastUsedAt: sql<string>`to_char(max(${taskUsage.createdAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      apiKey: taskUsage.apiKeyId,
      apiKeyDisplay: apiKeys.display,
      apiKeyName: apiKeys.name,
      calls: sql<number>`count(*)::int`,
      credits: sql<string>`sum(${taskUsage.credits})::text`,
    })
    .from(taskUsage)
    .innerJoin(apiKeys, eq(apiKeys.id, taskUsage.apiKeyId))
    .where(and(...where))
    .groupBy(day, taskUsage.apiKeyId, apiKeys.display, apiKeys.name)
    .orderBy(desc(day), desc(sql`max(${taskUsage.createdAt})`));
}
