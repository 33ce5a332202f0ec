import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { assignments } from './assignments';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Journals that flows write for learners in an assignment (spec 02 §3 Journal). A personal journal
 * belongs to one participant (user_id) and is known by its name in the assignment; a collaborative
 * one (collaborative = true, user_id null) is shared by the assignment's learners, who become its
 * members when they write. Both keep the flow and the block (ref_id) that last wrote them.
 */
export const journals = pgTable(
  'journals',
  {
    id: text('id').primaryKey(),
    assignmentId: text('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
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
  ],
);
