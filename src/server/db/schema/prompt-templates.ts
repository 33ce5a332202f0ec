import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TPromptSection } from '../../../shared/contract/prompt-templates';
import { users } from './auth';
import { organizations } from './orgs';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type StoredCompatibleModel = { name: string; model: string; description: string };

/** A prompt template belongs to one space (org_id null: its owner's personal space). */
export const promptTemplates = pgTable(
  'prompt_templates',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: text('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    systemPrompt: text('system_prompt').notNull().default(''),
    userPrompt: text('user_prompt').notNull().default(''),
    compatibleModel: jsonb('compatible_model').$type<StoredCompatibleModel[]>().notNull().default([]),
    selectedModel: text('selected_model').notNull().default(''),
    generateTextUsing: text('generate_text_using', { enum: ['selectedModel', 'callerModel'] })
      .notNull()
      .default('callerModel'),
    sections: jsonb('sections').$type<TPromptSection[]>().notNull().default([]),
    icon: text('icon').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('prompt_templates_org_idx').on(t.orgId, t.updatedAt),
    index('prompt_templates_owner_idx').on(t.ownerId, t.updatedAt),
  ],
);
