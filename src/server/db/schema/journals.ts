import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { assignments } from './assignments';
import { automationTasks } from './automation';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Journals that flows write for learners in an assignment (spec 02 §3 Journal). A personal journal
 * belongs to one participant (user_id) and is known by its name in the assignment; a collaborative
 * one (collaborative = true, user_id null) is shared by the assignment's learners, who become its
 * members when they write. Both keep the flow and the block (ref_id) that last wrote them.
 *
 * A journal has exactly one owner (journals_owner_check): an assignment (above), or one run of an
 * automation task (task_id + run_id, spec 03). A task run's journal belongs to that run
 * only, known by its name in the run: the caller of a task is a system outside calling for people we
 * do not know (its API key is the actor), so a journal shared by all runs would show one call's
 * writing to the next caller and make concurrent runs overwrite each other. run_id is the id of the
 * run's usage row (task_usage.id), which is written when the run ends, hence no foreign key to it;
 * the task's deletion removes its runs' journals.
 */
export const journals = pgTable(
  'journals',
  {
    id: text('id').primaryKey(),
    /** The assignment of the journal; null for a journal of a task run. */
    assignmentId: text('assignment_id').references(() => assignments.id, { onDelete: 'cascade' }),
    /** The automation task whose run wrote it; null for an assignment's journal. */
    taskId: text('task_id').references(() => automationTasks.id, { onDelete: 'cascade' }),
    /** The task run (task_usage.id) the journal belongs to; set exactly when task_id is. */
    runId: text('run_id'),
    /** The participant of a personal journal; null for a collaborative journal. */
    userId: text('user_id'),
    collaborative: boolean('collaborative').notNull().default(false),
    name: text('name').notNull(),
    /** The block type that wrote it (journalNode, knowledgeBotNode…). */
    type: text('type').notNull(),
    flowId: text('flow_id'),
    /** The id of the block that wrote it. */
    refId: text('ref_id'),
    /** Markdown. */
    content: text('content').notNull().default(''),
    /** First image of the content, for the report cell; null when there is none. */
    thumbnail: text('thumbnail'),
    /** First paragraph of the content as plain text (at most 280 characters). */
    paragraph: text('paragraph').notNull().default(''),
    isArchive: boolean('is_archive').notNull().default(false),
    /** User ids who wrote a collaborative journal, in the order they joined it. */
    members: text('members').array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journals_personal_key_idx')
      .on(t.assignmentId, t.userId, t.name)
      .where(sql`${t.collaborative} = false`),
    uniqueIndex('journals_collaborative_key_idx')
      .on(t.assignmentId, t.name)
      .where(sql`${t.collaborative} = true`),
    index('journals_assignment_idx').on(t.assignmentId, t.collaborative, t.updatedAt),
    uniqueIndex('journals_run_key_idx').on(t.runId, t.name).where(sql`${t.taskId} is not null`),
    index('journals_task_idx').on(t.taskId, t.createdAt),
    check(
      'journals_owner_check',
      sql`(${t.assignmentId} is null) <> (${t.taskId} is null) and (${t.taskId} is null) = (${t.runId} is null)`,
    ),
  ],
);
