import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const organizations = pgTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** The code in addresses (/{orgCode}/…) and the join code; unique, lower-case. */
  orgCode: text('org_code').notNull().unique(),
  iconUrl: text('icon_url'),
  defaultLanguage: text('default_language'),
  /** Per node type: model codes switched off / added for this organisation (spec 03 §1). */
  disableModel: jsonb('disable_model').$type<Record<string, string[]>>().notNull().default({}),
  additionalModel: jsonb('additional_model').$type<Record<string, string[]>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const orgMembers = pgTable(
  'org_members',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] })],
);
