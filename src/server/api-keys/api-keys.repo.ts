import { and, asc, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeys, taskUsage } from '../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Whose keys a caller sees: their own in the space; an organisation's admins see all of its keys. */
export interface KeySpace {
  userId: string;
  orgId: string | null;
  isOrgAdmin: boolean;
}

/** LIKE wildcards in a search are plain text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function visibleIn(space: KeySpace): SQL {
  const live = isNull(apiKeys.deletedAt);
  if (space.orgId === null) return and(live, isNull(apiKeys.orgId), eq(apiKeys.ownerId, space.userId)) as SQL;
  const inOrg = eq(apiKeys.orgId, space.orgId);
  return (space.isOrgAdmin ? and(live, inOrg) : and(live, inOrg, eq(apiKeys.ownerId, space.userId))) as SQL;
}

export async function insertApiKey(db: Db, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [inserted] = await db.insert(apiKeys).values(row).returning();
  return inserted;
}

export async function findVisibleKey(db: Db, space: KeySpace, id: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(visibleIn(space), eq(apiKeys.id, id)));
  return row ?? null;
}

const SORT_COLUMNS = {
  createdAt: apiKeys.createdAt,
  updatedAt: apiKeys.updatedAt,
  lastUsedAt: apiKeys.lastUsedAt,
  name: sql`lower(${apiKeys.name})`,
} as const;

export async function listKeys(
  db: Db,
  space: KeySpace,
  q: {
    keyword?: string;
    skip: number;
    limit: number;
    sortBy: keyof typeof SORT_COLUMNS;
    order: 'asc' | 'desc';
  },
): Promise<{ rows: ApiKeyRow[]; total: number }> {
  const where = [visibleIn(space)];
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    where.push(or(sql`${apiKeys.name} ilike ${like}`, sql`${apiKeys.display} ilike ${like}`) as SQL);
  }
  const dir = q.order === 'asc' ? asc : desc;
  const nulls = q.order === 'asc' ? sql`nulls first` : sql`nulls last`;
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(...where))
    .orderBy(sql`${SORT_COLUMNS[q.sortBy]} ${sql.raw(q.order)} ${nulls}`, dir(apiKeys.id))
    .offset(q.skip)
    .limit(q.limit);
  const [{ total }] = await db
    .select({ total: count() })
    .from(apiKeys)
    .where(and(...where));
  return { rows, total };
}

export async function renameKey(db: Db, id: string, name: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.deletedAt)))
    .returning();
  return row ?? null;
}

/** Stops a key (refund-and-delete); true only for the call that stopped it. */
export async function softDeleteKey(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.deletedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** Per UTC day since `from`: calls, distinct tasks and credits of one key. */
export async function keyActivity(db: Db, keyId: string, from: Date) {
  const day = sql<string>`to_char(${taskUsage.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      date: day,
      calls: sql<number>`count(*)::int`,
      tasks: sql<number>`count(distinct ${taskUsage.taskId})::int`,
      credits: sql<string>`coalesce(sum(${taskUsage.credits}), 0)::text`,
    })
    .from(taskUsage)
    .where(
      and(eq(taskUsage.apiKeyId, keyId), sql`${taskUsage.createdAt} >= ${from.toISOString()}::timestamptz`),
    )
    .groupBy(day)
    .orderBy(day);
}
