import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { lrsRetention } from '../db/schema';

export async function retentionOf(db: Db, space: string): Promise<number | null> {
  const [row] = await db
    .select({ months: lrsRetention.months })
    .from(lrsRetention)
    .where(eq(lrsRetention.space, space));
  return row?.months ?? null;
}

/** null turns retention off (the row goes): statements are kept for ever again. */
export async function setRetention(db: Db, space: string, months: number | null, by: string) {
  if (months === null) {
    await db.delete(lrsRetention).where(eq(lrsRetention.space, space));
    return;
  }
  await db
    .insert(lrsRetention)
    .values({ space, months, updatedBy: by })
    .onConflictDoUpdate({
      target: lrsRetention.space,
      set: { months, updatedBy: by, updatedAt: new Date() },
    });
}

export async function spacesWithRetention(db: Db): Promise<Array<{ space: string; months: number }>> {
  return db.select({ space: lrsRetention.space, months: lrsRetention.months }).from(lrsRetention);
}

/**
 * Deletes up to `limit` statements of one space stored before `before`, oldest first, and answers
 * how many. The inner select walks lrs_st_stored_idx (space, stored, seq) in the space's one
 * partition, so a batch costs its own rows, not a scan of the table.
 */
export async function deleteStoredBefore(db: Db, space: string, before: Date, limit: number) {
  const result = (await db.execute(sql`with gone as (delete from lrs_statements d
    where d.space = ${space} and d.statement_id in (
      select s.statement_id from lrs_statements s
      where s.space = ${space} and s.stored < ${before.toISOString()}::timestamptz
      order by s.stored, s.seq limit ${limit})
    returning 1) select count(*)::int as n from gone`)) as unknown as { rows: Array<{ n: number | string }> };
  return Number(result.rows[0]?.n ?? 0);
}
