import { and, asc, desc, eq, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { journals } from '../db/schema';

export type JournalRow = typeof journals.$inferSelect;
export type NewJournal = typeof journals.$inferInsert;

/** Which journal: a participant's own (userId) or the assignment's collaborative one of that name. */
export interface AssignmentJournalKey {
  assignmentId: string;
  name: string;
  userId: string;
  collaborative?: boolean;
}

/** The journal of that name written by one run of an automation task (runId: its usage row's id). */
export interface RunJournalKey {
  taskId: string;
  runId: string;
  name: string;
}

export type JournalKey = AssignmentJournalKey | RunJournalKey;

export const isRunKey = (k: JournalKey): k is RunJournalKey => 'runId' in k;

export interface JournalFilter {
  assignmentId: string;
  flowId?: string;
  refId?: string;
  userId?: string;
  collaborative?: boolean;
}

const keyWhere = (k: JournalKey): SQL =>
  (isRunKey(k)
    ? and(eq(journals.taskId, k.taskId), eq(journals.runId, k.runId), eq(journals.name, k.name))
    : k.collaborative
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
  const [stored] = row.taskId
    ? await db
        .insert(journals)
        .values(row)
        .onConflictDoUpdate({
          target: [journals.runId, journals.name],
          targetWhere: sql`${journals.taskId} is not null`,
          set: { ...set, members: journals.members },
        })
        .returning()
    : row.collaborative
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
  const where = [eq(journals.assignmentId, f.assignmentId) as SQL];
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

export interface RunJournalFilter {
  taskId: string;
  /** One run's journals; else the task's runs that began from `from` and before `to`. */
  runId?: string;
  from?: Date | null;
  to?: Date | null;
  limit: number;
}

/**
 * The journals of a task's runs (index journals_task_idx): the newest runs first, the journals of
 * a run in the order they were written. At most `limit` runs.
 */
export async function listRunJournals(db: Db, f: RunJournalFilter): Promise<JournalRow[]> {
  const where: SQL[] = [eq(journals.taskId, f.taskId), isNotNull(journals.runId)];
  if (f.runId) where.push(eq(journals.runId, f.runId));
  if (f.from) where.push(gte(journals.createdAt, f.from));
  if (f.to) where.push(lt(journals.createdAt, f.to));
  const runs = await db
    .select({ runId: journals.runId })
    .from(journals)
    .where(and(...where))
    .groupBy(journals.runId)
    .orderBy(desc(sql`min(${journals.createdAt})`), desc(journals.runId))
    .limit(f.limit);
  const ids = runs.map((r) => r.runId).filter((id): id is string => id !== null);
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(journals)
    .where(and(eq(journals.taskId, f.taskId), inArray(journals.runId, ids)))
    .orderBy(asc(journals.createdAt), asc(journals.name));
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (order.get(a.runId ?? '') ?? 0) - (order.get(b.runId ?? '') ?? 0));
}

/** Removes one task run's journals (a run that broke off before its usage row was written). */
export async function deleteRunJournals(db: Db, taskId: string, runId: string): Promise<number> {
  const gone = await db
    .delete(journals)
    .where(and(eq(journals.taskId, taskId), eq(journals.runId, runId)))
    .returning({ id: journals.id });
  return gone.length;
}
