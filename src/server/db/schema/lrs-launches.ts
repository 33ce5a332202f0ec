import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One launch of an xAPI (TinCan) or cmi5 package by a learner: the short-lived credentials the
 * package sends its statements with, and what they may say (src/server/lrs/launch-scope.ts).
 * Migrations 0031, 0043 (the index of a package's sessions).
 */
export const lrsLaunches = pgTable(
  'lrs_launches',
  {
    id: text('id').primaryKey(),
    /** sha256 of the secret; null for a cmi5 launch until its fetch URL was called. */
    secretHash: text('secret_hash'),
    /** cmi5: sha256 of the one-time code in the fetch URL. */
    fetchHash: text('fetch_hash'),
    fetchedAt: ts('fetched_at'),
    space: text('space').notNull(),
    packageId: text('package_id').notNull(),
    /** The package's activity (TinCan) or AU (cmi5) IRI; statements may be about it or below it. */
    activityId: text('activity_id').notNull(),
    registration: text('registration').notNull(),
    /** The learner, as the player stamps them on their own statements. */
    actor: jsonb('actor').notNull(),
    /** Context stamped on every statement: the assignment (grouping), the flow (parent), our extensions. */
    context: jsonb('context').notNull(),
    /** The authority's name on the statements. */
    name: text('name').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('lrs_launches_expires_idx').on(t.expiresAt),
    index('lrs_launches_session_idx').on(t.packageId, t.activityId, t.registration),
  ],
);
