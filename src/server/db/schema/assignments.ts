import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './orgs';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An assignment bundles flows for participants who join with its code (spec 02). Status is not
 * stored: it follows from start_date, end_date and is_paused at read time (assignmentStatus).
 */
export const assignments = pgTable(
  'assignments',
  {
    id: text('id').primaryKey(),
    /** null: the personal space of owner_id. */
    orgId: text('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The join code: letters and digits, unique whatever its case (index below). */
    code: text('code').notNull(),
    type: text('type', { enum: ['single', 'Multi', 'Book'] })
      .notNull()
      .default('single'),
    iconUrl: text('icon_url'),
    /** In the owner's order; flows deleted later are skipped when the assignment is read. */
    flowIds: text('flow_ids').array().notNull().default(sql`'{}'::text[]`),
    tagIds: text('tag_ids').array().notNull().default(sql`'{}'::text[]`),
    unitUsageOption: text('unit_usage_option', {
      enum: ['PAY_BY_ME', 'PAY_BY_ORG', 'PAY_BY_PARTICIPANT'],
    }).notNull(),
    startDate: ts('start_date').notNull().defaultNow(),
    endDate: ts('end_date'),
    isPaused: boolean('is_paused').notNull().default(false),
    isLocked: boolean('is_locked').notNull().default(false),
    signInRequired: boolean('sign_in_required').notNull().default(true),
    disableSubmissionReport: boolean('disable_submission_report').notNull().default(false),
    disableDashboard: boolean('disable_dashboard').notNull().default(false),
    disablePublicAccessLink: boolean('disable_public_access_link').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assignments_code_lower_idx').on(sql`lower(${t.code})`),
    index('assignments_org_idx').on(t.orgId, t.createdAt),
    index('assignments_owner_idx').on(t.ownerId, t.orgId),
  ],
);

/** Co-owners manage the assignment like its owner (the owner is assignments.owner_id, never a row here). */
export const assignmentCoOwners = pgTable(
  'assignment_co_owners',
  {
    assignmentId: text('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.userId] }),
    index('assignment_co_owners_user_idx').on(t.userId),
  ],
);

/** Who joined, and when. */
export const assignmentParticipants = pgTable(
  'assignment_participants',
  {
    assignmentId: text('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Whether the participant may see the outputs of the flows (spec 02 §3 viewOutput). */
    viewOutput: boolean('view_output').notNull().default(true),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.userId] }),
    index('assignment_participants_user_idx').on(t.userId),
  ],
);

/**
 * Interactions per participant and flow: one row each, incremented in place by the learner player
 * (addParticipantInteractions), so concurrent answers never lose a count.
 */
export const assignmentInteractions = pgTable(
  'assignment_interactions',
  {
    assignmentId: text('assignment_id').notNull(),
    userId: text('user_id').notNull(),
    flowId: text('flow_id').notNull(),
    interactions: integer('interactions').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.userId, t.flowId] }),
    // Removing a participant removes their counts.
    foreignKey({
      name: 'assignment_interactions_participant_fk',
      columns: [t.assignmentId, t.userId],
      foreignColumns: [assignmentParticipants.assignmentId, assignmentParticipants.userId],
    }).onDelete('cascade'),
  ],
);

/** Public access links: anyone with the URL may use the assignment (their wallet comes with credits). */
export const assignmentAccessLinks = pgTable(
  'assignment_access_links',
  {
    /** The code in the URL. */
    code: text('code').primaryKey(),
    assignmentId: text('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    orgId: text('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('assignment_access_links_assignment_idx').on(t.assignmentId, t.createdAt)],
);
