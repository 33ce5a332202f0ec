import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media } from '../db/schema';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

export async function insertMedia(db: Db, row: typeof media.$inferInsert): Promise<MediaRow> {
  const [out] = await db.insert(media).values(row).returning();
  return out;
}

export async function findMedia(db: Db, id: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}

export async function findMediaByIds(db: Db, ids: string[]): Promise<MediaRow[]> {
  return db.select().from(media).where(inArray(media.id, ids));
}

/** The caller's images in one space (orgId null: personal), newest first. */
export async function listImages(
  db: Db,
  userId: string,
  orgId: string | null,
  limit: number,
): Promise<MediaRow[]> {
  return db
    .select()
    .from(media)
    .where(
      and(
        eq(media.userId, userId),
        orgId ? eq(media.orgId, orgId) : isNull(media.orgId),
        eq(media.kind, 'image'),
      ),
    )
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit);
}

/** Media rows by id (any owner: the caller checks who may use them). */
export async function findMediaMany(db: Db, ids: string[]): Promise<MediaRow[]> {
  if (!ids.length) return [];
  return db.select().from(media).where(inArray(media.id, ids));
}
