import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { lrsAttachments } from '../db/schema';

type Executor = Pick<Db, 'insert' | 'update'>;
type AttachmentRow = Omit<typeof lrsAttachments.$inferInsert, 'lastStored' | 'createdAt'>;

/**
 * Records the attachment files of a batch stored at `stored`. An existing row is updated, not
 * skipped: the update moves `last_stored` forward (retention keeps the file as long as a kept
 * statement carries it) and takes the row's lock, so a retention sweep deleting the same row waits
 * for this transaction, or this one waits for the sweep and inserts the row again.
 */
export async function upsertAttachmentRows(db: Executor, rows: AttachmentRow[], stored: Date) {
  if (rows.length === 0) return;
  await db
    .insert(lrsAttachments)
    .values(rows.map((r) => ({ ...r, lastStored: stored })))
    .onConflictDoUpdate({
      target: [lrsAttachments.space, lrsAttachments.sha2],
      set: { lastStored: sql`greatest(${lrsAttachments.lastStored}, excluded.last_stored)` },
    });
}

/**
 * A statement may carry an attachment whose bytes came with an earlier statement (it names a
 * fileUrl and sends no part): it keeps that file too.
 */
export async function touchAttachments(db: Executor, space: string, hashes: string[], stored: Date) {
  if (hashes.length === 0) return;
  await db
    .update(lrsAttachments)
    .set({ lastStored: sql`greatest(${lrsAttachments.lastStored}, ${stored.toISOString()}::timestamptz)` })
    .where(and(eq(lrsAttachments.space, space), inArray(lrsAttachments.sha2, hashes)));
}

/** The hashes of the attachments statements carry, lower case, each once. */
export function attachmentHashes(statements: Array<Record<string, unknown>>): string[] {
  const hashes = new Set<string>();
  for (const s of statements)
    if (Array.isArray(s.attachments))
      for (const a of s.attachments as Array<{ sha2?: unknown }>)
        if (typeof a?.sha2 === 'string') hashes.add(a.sha2.toLowerCase());
  return [...hashes];
}
