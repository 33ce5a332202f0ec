import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { journals } from '../db/schema';

export type JournalRow = typeof journals.$inferSelect;
export type NewJournal = typeof journals.$inferInsert;

/** Which journal: a participant's own (userId) or the assignment's collaborative one of that name. */
export interface JournalKey {
  assignmentId: string;
  name: string;
  userId: string;
  collaborative?: boolean;
}

export interface JournalFilter {
  assignmentId: string;
  flowId?: string;
  refId?: string;
  userId?: string;
  collaborative?: boolean;
}

const keyWhere = (k: JournalKey): SQL =>
  (k.collaborative
    ? and(
        eq(journals.assignmentId, k.assignmentId),
        eq(journals.name, k.name),
        eq(journals.collaborative, true),
      )
    : and(
        eq(journals.assignmentId, k.assignmentId),
        eq(journals.userId, k.userId),
        eq(journals.name, k.name),
        eq(journals.collaborative, false),
      )) as SQL;

/** The journal of that key, locked for the rest of the transaction when `lock` is set. */
export async function findJournal(db: Db, key: JournalKey, lock = false): Promise<JournalRow | null> {
  const q = db.select().from(journals).where(keyWhere(key));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function journalById(db: Db, id: string): Promise<JournalRow | null> {
  const [row] = await db.select().from(journals).where(eq(journals.id, id));
  return row ?? null;
}

/**
 * Creates the journal, or when one of that key exists (a concurrent writer) replaces its content;
 * a collaborative journal gains the writer as a member. Answers the stored row.
 */
export async function upsertJournal(db: Db, row: NewJournal, writer: string): Promise<JournalRow> {
  const set = {
    content: row.content,
    thumbnail: row.thumbnail ?? null,
    paragraph: row.paragraph ?? '',
    type: row.type,
    // A writer that does not say its flow or block keeps the ones stored.
    flowId: sql`coalesce(excluded.flow_id, ${journals.flowId})`,
    refId: sql`coalesce(excluded.ref_id, ${journals.refId})`,
    isArchive: false,
    updatedAt: row.updatedAt ?? new Date(),
    members: sql`case when ${writer} = any(${journals.members}) then ${journals.members}
      else array_append(${journals.members}, ${writer}::text) end`,
  };
  const [stored] = row.collaborative
    ? await db
        .insert(journals)
        .values(row)
        .onConflictDoUpdate({
          target: [journals.assignmentId, journals.name],
          targetWhere: sql`${journals.collaborative} = true`,
          set,
        })
        .returning()
    : await db
        .insert(journals)
        .values(row)
        .onConflictDoUpdate({
          target: [journals.assignmentId, journals.userId, journals.name],
          targetWhere: sql`${journals.collaborative} = false`,
          set,
        })
        .returning();
  return stored;
}

export async function updateJournalRow(
  db: Db,
  id: string,
  patch: Partial<Omit<JournalRow, 'id' | 'assignmentId'>>,
): Promise<JournalRow> {
  const [row] = await db.update(journals).set(patch).where(eq(journals.id, id)).returning();
  return row;
}

/** The assignment's journals (index journals_assignment_idx), by name then participant. */
export async function listJournals(db: Db, f: JournalFilter): Promise<JournalRow[]> {
  const where = [eq(journals.assignmentId, f.assignmentId)];
  if (f.collaborative !== undefined) where.push(eq(journals.collaborative, f.collaborative));
  if (f.flowId) where.push(eq(journals.flowId, f.flowId));
  if (f.refId) where.push(eq(journals.refId, f.refId));
  if (f.userId) where.push(eq(journals.userId, f.userId));
  return db
    .select()
    .from(journals)
    .where(and(...where))
    .orderBy(asc(journals.name), asc(journals.userId), asc(journals.createdAt));
}
