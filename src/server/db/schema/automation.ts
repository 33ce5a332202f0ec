import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { flows } from './flows';
import { organizations } from './orgs';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * API keys (spec 03 §1, §7): a named secret that calls automation tasks from outside, paid from its
 * own wallet (`apiKey:<id>` in credit_wallets). The secret is shown once; only its SHA-256 is kept
 * (the secret is 256 random bits, so a fast hash is enough) plus a display prefix.
 * A refunded key is deleted softly (`deleted_at`): its usage rows keep naming it, and it stops working.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    /** null: the personal space of owner_id (top-ups from the personal wallet). */
    orgId: text('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** sha256(secret) as hex; the only way to find a key from a request. */
    secretHash: text('secret_hash').notNull(),
    /** e.g. 'flk_AbCd…wXyZ': enough to recognise a key, useless to call with. */
    display: text('display').notNull(),
    lastUsedAt: ts('last_used_at'),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_keys_secret_idx').on(t.secretHash),
    index('api_keys_owner_idx').on(t.ownerId, t.orgId, t.createdAt),
  ],
);

/** Automation tasks (spec 03 §1, §3, §4): exactly one flow, called from outside with an API key. */
export const automationTasks = pgTable(
  'automation_tasks',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flowId: text('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    iconUrl: text('icon_url'),
    status: text('status', { enum: ['live', 'paused', 'completed'] })
      .notNull()
      .default('live'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('automation_tasks_space_idx').on(t.orgId, t.ownerId, t.createdAt)],
);

/** One row per run of a task (spec 03 §3 usage row): which key, when, what it cost, how it ended. */
export const taskUsage = pgTable(
  'task_usage',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id')
      .notNull()
      .references(() => automationTasks.id, { onDelete: 'cascade' }),
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    credits: numeric('credits', { precision: 30, scale: 12 }).notNull().default('0'),
    /** 'done', 'failed' (the flow failed or needed input it was not given). */
    status: text('status').notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('task_usage_task_idx').on(t.taskId, t.createdAt),
    index('task_usage_key_idx').on(t.apiKeyId, t.createdAt),
  ],
);
