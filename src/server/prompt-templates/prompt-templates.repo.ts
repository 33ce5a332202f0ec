import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { promptTemplates } from '../db/schema';

export type PromptTemplateRow = typeof promptTemplates.$inferSelect;
export type PromptTemplateValues = Omit<
  typeof promptTemplates.$inferInsert,
  'id' | 'ownerId' | 'orgId' | 'createdAt' | 'updatedAt'
>;

/** The space a caller asks in: org_id null is the caller's own personal space. */
export interface TemplateSpace {
  userId: string;
  orgId: string | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Scoping lives here, in every query: a row of another space is never read or written. */
function inSpace(space: TemplateSpace): SQL {
  return (
    space.orgId === null
      ? and(isNull(promptTemplates.orgId), eq(promptTemplates.ownerId, space.userId))
      : eq(promptTemplates.orgId, space.orgId)
  ) as SQL;
}

export async function listTemplates(db: Db, space: TemplateSpace, keyword?: string) {
  const where = [inSpace(space)];
  if (keyword) where.push(sql`${promptTemplates.name} ilike ${`%${escapeLike(keyword)}%`}`);
  return db
    .select()
    .from(promptTemplates)
    .where(and(...where))
    .orderBy(desc(promptTemplates.updatedAt), desc(promptTemplates.id));
}

export async function countTemplates(db: Db, space: TemplateSpace): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(promptTemplates).where(inSpace(space));
  return total;
}

export async function findTemplate(
  db: Db,
  space: TemplateSpace,
  id: string,
): Promise<PromptTemplateRow | null> {
  const [row] = await db
    .select()
    .from(promptTemplates)
    .where(and(inSpace(space), eq(promptTemplates.id, id)));
  return row ?? null;
}

export async function insertTemplate(
  db: Db,
  row: PromptTemplateValues & { id: string; ownerId: string; orgId: string | null },
): Promise<PromptTemplateRow> {
  const [inserted] = await db.insert(promptTemplates).values(row).returning();
  return inserted;
}

export async function updateTemplate(
  db: Db,
  space: TemplateSpace,
  id: string,
  values: PromptTemplateValues,
): Promise<PromptTemplateRow | null> {
  const [row] = await db
    .update(promptTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inSpace(space), eq(promptTemplates.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTemplate(db: Db, space: TemplateSpace, id: string): Promise<boolean> {
  const rows = await db
    .delete(promptTemplates)
    .where(and(inSpace(space), eq(promptTemplates.id, id)))
    .returning({ id: promptTemplates.id });
  return rows.length > 0;
}
