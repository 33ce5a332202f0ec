import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
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

/** What a run needs of its API key and of its task. */
export interface RunKey {
  id: string;
  orgId: string | null;
  ownerId: string;
  name: string;
}
export interface RunTask {
  id: string;
  orgId: string | null;
  ownerId: string;
  flowId: string;
  name: string;
  status: TaskRow['status'];
}

/**
 * API key authentication, its per-key rate counter and what the run calls, in ONE round trip (issue
 * 17: the per-run overhead of authentication and charging is ≤ 3 ms p99): the live key whose secret
 * hashes to $1, the key's counter of runs in the window (counted up, or restarted when the window
 * ended; counted only for a real key), the task $2 if it exists (the run call checks the key's space
 * itself) and its flow's graph if the flow is in the task's space. A named statement: PostgreSQL
 * parses and plans it once per connection. No row when no live key has that hash.
 */
const AUTHORIZE_RUN = `with k as (
    select id, org_id, owner_id, name from api_keys where secret_hash = $1 and deleted_at is null),
  hit as (
    insert into rate_limits (key, window_start, count)
    select 'task-run:' || k.id, $3::timestamptz, 1 from k
    on conflict (key) do update set
      count = case when rate_limits.window_start <= $4::timestamptz then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= $4::timestamptz then $3::timestamptz
        else rate_limits.window_start end
    returning count, window_start)
  select k.id, k.org_id, k.owner_id, k.name, hit.count, hit.window_start,
    t.id as task_id, t.org_id as task_org_id, t.owner_id as task_owner_id, t.flow_id,
    t.name as task_name, t.status, f.name as flow_name, f.nodes, f.edges
  from k cross join hit
  left join automation_tasks t on t.id = $2::text
  left join flows f on f.id = t.flow_id and f.org_id is not distinct from t.org_id`;

export async function authorizeRun(db: Db, hash: string, taskId: string | null, now: Date, windowMs: number) {
  const windowEndedBefore = new Date(now.getTime() - windowMs).toISOString();
  const [row] = await queryRows(
    db,
    AUTHORIZE_RUN,
    [hash, taskId, now.toISOString(), windowEndedBefore],
    'automation_authorize_run',
  );
  if (!row) return null;
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const key: RunKey = {
    id: String(row.id),
    orgId: text(row.org_id),
    ownerId: String(row.owner_id),
    name: String(row.name),
  };
  const hits = { count: Number(row.count), windowStart: new Date(row.window_start as string | Date) };
  const task: RunTask | null = row.task_id
    ? {
        id: String(row.task_id),
        orgId: text(row.task_org_id),
        ownerId: String(row.task_owner_id),
        flowId: String(row.flow_id),
        name: String(row.task_name),
        status: row.status as RunTask['status'],
      }
    : null;
  const flow =
    task && row.nodes && row.edges
      ? { name: String(row.flow_name), nodes: row.nodes as unknown[], edges: row.edges as unknown[] }
      : null;
  return { key, hits, task, flow };
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

/** A run's usage row and its key's last use, in one named statement (one round trip per run). */
const RECORD_USAGE = `with usage as (
    insert into task_usage (id, task_id, api_key_id, credits, status, duration_ms)
    values ($1, $2, $3, $4::numeric, $5, $6))
  update api_keys set last_used_at = $7::timestamptz where id = $3`;

export async function recordUsage(
  db: Db,
  row: { id: string; taskId: string; apiKeyId: string; credits: string; status: string; durationMs: number },
  at: Date,
): Promise<void> {
  await queryRows(
    db,
    RECORD_USAGE,
    [row.id, row.taskId, row.apiKeyId, row.credits, row.status, row.durationMs, at.toISOString()],
    'automation_record_usage',
  );
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
