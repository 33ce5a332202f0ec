import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tags, tools } from '../db/schema';

export type TagRow = typeof tags.$inferSelect;

/** Global default tags (org_id null) plus the organisation's own; only the global ones in the personal space. */
const visibleIn = (orgId: string | null) =>
  orgId ? or(isNull(tags.orgId), eq(tags.orgId, orgId)) : isNull(tags.orgId);

export async function listTags(db: Db, orgId: string | null, limit: number): Promise<TagRow[]> {
  return db
    .select()
    .from(tags)
    .where(visibleIn(orgId))
    .orderBy(sql`lower(${tags.name})`, asc(tags.id))
    .limit(limit);
}

export async function findTag(db: Db, id: string): Promise<TagRow | null> {
  const [row] = await db.select().from(tags).where(eq(tags.id, id));
  return row ?? null;
}

/** Ids among `ids` that name a tag usable in the space. */
export async function visibleTagIds(db: Db, orgId: string | null, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(inArray(tags.id, ids), visibleIn(orgId)));
  return new Set(rows.map((r) => r.id));
}

/** A tag of the space (or a global one) with that name, whatever its case; `exceptId` is left out. */
export async function findTagByName(
  db: Db,
  orgId: string | null,
  name: string,
  exceptId?: string,
): Promise<TagRow | null> {
  const same = sql`lower(${tags.name}) = lower(${name})`;
  const where = exceptId
    ? and(visibleIn(orgId), same, sql`${tags.id} <> ${exceptId}`)
    : and(visibleIn(orgId), same);
  const [row] = await db.select().from(tags).where(where).limit(1);
  return row ?? null;
}

/** null when the name was taken meanwhile (unique per space, case-insensitive). */
export async function insertTag(
  db: Db,
  tag: Pick<TagRow, 'id' | 'orgId' | 'name' | 'description'>,
): Promise<TagRow | null> {
  const [row] = await db.insert(tags).values(tag).onConflictDoNothing().returning();
  return row ?? null;
}

/** 23505: unique_violation, from the driver directly or wrapped by drizzle. */
const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** 'taken' when another tag of the space has the new name (a rename that raced another). */
export async function updateTag(
  db: Db,
  id: string,
  changes: Partial<Pick<TagRow, 'name' | 'description'>>,
): Promise<TagRow | null | 'taken'> {
  if (!Object.keys(changes).length) return findTag(db, id);
  try {
    const [row] = await db.update(tags).set(changes).where(eq(tags.id, id)).returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** Deletes the tag and takes it off the organisation's tools, in one transaction. */
export async function deleteTag(db: Db, tag: Pick<TagRow, 'id' | 'orgId'>): Promise<void> {
  await db.transaction(async (tx) => {
    if (tag.orgId) {
      await tx
        .update(tools)
        .set({ tagIds: sql`array_remove(${tools.tagIds}, ${tag.id})` })
        .where(and(eq(tools.orgId, tag.orgId), sql`${tools.tagIds} @> array[${tag.id}]::text[]`));
    }
    await tx.delete(tags).where(eq(tags.id, tag.id));
  });
}

/** Names of the global default tags, for idempotent seeding. */
export async function globalTagNames(db: Db): Promise<Set<string>> {
  const rows = await db.select({ name: tags.name }).from(tags).where(isNull(tags.orgId));
  return new Set(rows.map((r) => r.name.toLowerCase()));
}

export async function findGlobalTagsByName(db: Db, names: string[]): Promise<TagRow[]> {
  if (!names.length) return [];
  const lowered = names.map((n) => n.toLowerCase());
  return db
    .select()
    .from(tags)
    .where(and(isNull(tags.orgId), inArray(sql`lower(${tags.name})`, lowered)));
}
