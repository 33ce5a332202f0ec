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

/**
 * Deletes up to `limit` attachment rows of one space that no statement stored at or after `before`
 * carries (last_stored, kept by ingest), and answers their storage keys. Run in the transaction that
 * also deletes the files: the row locks make an ingest of the same bytes wait for it (attachments.repo.ts).
 */
export async function deleteAttachmentsBefore(
  db: Pick<Db, 'execute'>,
  space: string,
  before: Date,
  limit: number,
) {
  const result = (await db.execute(sql`delete from lrs_attachments d
    where d.space = ${space} and d.sha2 in (
      select a.sha2 from lrs_attachments a
      where a.space = ${space} and a.last_stored < ${before.toISOString()}::timestamptz
      order by a.last_stored limit ${limit} for update skip locked)
    returning d.storage_key`)) as unknown as { rows: Array<{ storage_key: string }> };
  return result.rows.map((r) => r.storage_key);
}

/**
 * Deletes up to `limit` documents (state, activity and agent profiles) of one space last written
 * before `before`, along lrs_documents_updated_idx, and answers how many.
 */
export async function deleteDocumentsBefore(db: Db, space: string, before: Date, limit: number) {
  const result = (await db.execute(sql`with gone as (delete from lrs_documents d
    where (d.space, d.kind, d.activity_id, d.agent_ifi, d.registration, d.doc_id) in (
      select s.space, s.kind, s.activity_id, s.agent_ifi, s.registration, s.doc_id from lrs_documents s
      where s.space = ${space} and s.updated_at < ${before.toISOString()}::timestamptz
      order by s.updated_at limit ${limit})
    returning 1) select count(*)::int as n from gone`)) as unknown as { rows: Array<{ n: number | string }> };
  return Number(result.rows[0]?.n ?? 0);
}
