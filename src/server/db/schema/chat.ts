import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './orgs';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A chat session belongs to one user, in one space (org_id null: the personal space). */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: text('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    model: text('model'),
    lastMessage: text('last_message').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('chat_sessions_user_idx').on(t.userId, t.orgId, t.updatedAt)],
);

/** The history tree: a user message, and under it one answer per model (model_idx 0 or 1). */
export const chatHistories = pgTable(
  'chat_histories',
  {
    id: text('id').primaryKey(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    parentHistoryId: text('parent_history_id'),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull().default(''),
    model: text('model'),
    modelIdx: integer('model_idx'),
    mediaIds: text('media_ids').array().notNull().default(sql`'{}'::text[]`),
    reasoningContent: text('reasoning_content').notNull().default(''),
    cost: numeric('cost', { precision: 30, scale: 12 }).notNull().default('0'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('chat_histories_chat_idx').on(t.chatId, t.createdAt)],
);

/** Uploaded media (spec 03 §3, §7): bytes in the storage adapter under `storage_key`. */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: text('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** What the upload is for (the form's `path`: chat, flow, h5p…). */
    path: text('path').notNull().default(''),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('media_owner_idx').on(t.userId, t.orgId, t.kind, t.createdAt)],
);
