import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './orgs';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One file of a package: its path inside the zip, its content type and where its bytes are stored. */
export type TPackageFile = { path: string; type: string; size: number };

/**
 * Uploaded H5P and xAPI/cmi5 packages. Their files live in file storage under
 * `packages/{id}/{index}` (index into `files`): a path from the zip never becomes a storage key.
 */
export const contentPackages = pgTable(
  'content_packages',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: text('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    title: text('title').notNull(),
    activityId: text('activity_id').notNull(),
    launchPath: text('launch_path').notNull(),
    files: jsonb('files').$type<TPackageFile[]>().notNull(),
    fileCount: integer('file_count').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('content_packages_owner_idx').on(t.orgId, t.userId, t.createdAt)],
);
