import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './orgs';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A collection ("project" in the API) of flows, in one space: an organisation, or the personal space (null). */
export const collections = pgTable(
  'collections',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('collections_org_idx').on(t.orgId, t.updatedAt),
    index('collections_owner_idx').on(t.ownerId),
  ],
);

/** Admins and collaborators; the owner is collections.owner_id, never a row here. */
export const collectionMembers = pgTable(
  'collection_members',
  {
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'collaborator'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.userId] }),
    index('collection_members_user_idx').on(t.userId),
  ],
);

/** Invitations of addresses that have no account yet; turned into members when the address signs up. */
export const collectionInvites = pgTable(
  'collection_invites',
  {
    id: text('id').primaryKey(),
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    /** Lower-cased and trimmed, like users.email. */
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'collaborator'] }).notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collection_invites_collection_email_idx').on(t.collectionId, t.email),
    index('collection_invites_email_idx').on(t.email),
  ],
);
