import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The learning record store (xAPI 1.0.3 and 2.0). Every row carries `space`: 'org:<orgId>' for an
 * organisation, 'user:<userId>' for a personal space (src/server/lrs/space.ts). Every index leads
 * with it, so a query reads only its own space's part of an index however large the table grows.
 */

/** HTTP Basic credentials of the /xapi/ endpoint; the secret is kept only as its SHA-256. */
export const lrsCredentials = pgTable(
  'lrs_credentials',
  {
    key: text('key').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    space: text('space').notNull(),
    name: text('name').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('lrs_credentials_space_idx').on(t.space, t.createdAt)],
);

/**
 * One row per stored statement: the statement as JSONB (immutable) plus the columns the query
 * filters and the reports read, each derived from the statement when it is stored. In the database
 * it is 16 partitions by a hash of `space` (migration 0041, docs/design/lrs-partitions.md), which
 * drizzle cannot spell: the migrations, not this declaration, make the table.
 */
export const lrsStatements = pgTable(
  'lrs_statements',
  {
    space: text('space').notNull(),
    statementId: uuid('statement_id').notNull(),
    /** Insertion order: the tie-break after `stored` and the position of a `more` cursor. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    stored: ts('stored').notNull(),
    timestamp: ts('timestamp').notNull(),
    verbId: text('verb_id').notNull(),
    /** Identifier of the actor (mbox, account…); null for an anonymous group. */
    actorIfi: text('actor_ifi'),
    objectActivityId: text('object_activity_id'),
    objectAgentIfi: text('object_agent_ifi'),
    /** The target of a StatementRef object (voiding statements included). */
    objectStatementId: uuid('object_statement_id'),
    registration: uuid('registration'),
    /** Object, context activities and sub-statement activities: the related_activities filter. */
    relatedActivities: text('related_activities').array().notNull(),
    /** Actor, object, authority, instructor, team, members, context agents: related_agents. */
    relatedAgents: text('related_agents').array().notNull(),
    /** Flowlearn's own context extensions, denormalised for the assignment reports. */
    assignmentId: text('assignment_id'),
    flowId: text('flow_id'),
    voided: boolean('voided').notNull().default(false),
    statement: jsonb('statement').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.space, t.statementId] }),
    index('lrs_st_stored_idx').on(t.space, t.stored, t.seq),
    index('lrs_st_verb_idx').on(t.space, t.verbId, t.stored),
    index('lrs_st_activity_idx').on(t.space, t.objectActivityId, t.stored),
    index('lrs_st_actor_idx').on(t.space, t.actorIfi, t.stored),
    index('lrs_st_object_agent_idx')
      .on(t.space, t.objectAgentIfi, t.stored)
      .where(sql`${t.objectAgentIfi} is not null`),
    index('lrs_st_registration_idx')
      .on(t.space, t.registration, t.stored)
      .where(sql`${t.registration} is not null`),
    index('lrs_st_assignment_idx')
      .on(t.space, t.assignmentId, t.verbId, t.stored)
      .where(sql`${t.assignmentId} is not null`),
    // The reports' latest records per flow of an assignment (src/server/reports, migration 0009).
    index('lrs_st_assignment_flow_idx')
      .on(t.space, t.assignmentId, t.flowId, t.timestamp)
      .where(sql`${t.assignmentId} is not null and ${t.flowId} is not null`),
    // The reports over one assignment (migration 0018_reports_speed), both without voided statements.
    // Newest first with the columns the aggregates read, so counts per verb, actor, flow and day and
    // the dashboard's statement list are index-only scans or ranges of it, never a table scan.
    index('lrs_st_assignment_stored_idx')
      .on(t.space, t.assignmentId, t.stored, t.seq, t.verbId, t.actorIfi, t.flowId, t.timestamp)
      .where(sql`${t.assignmentId} is not null and not ${t.voided}`),
    // report-v2's cells (object × verb × actor, newest first) in the order its window function reads them.
    index('lrs_st_assignment_cell_idx')
      .on(
        t.space,
        t.assignmentId,
        t.objectActivityId,
        t.verbId,
        t.actorIfi,
        t.timestamp.desc().nullsFirst(),
        t.seq.desc().nullsFirst(),
        t.statementId,
      )
      .where(sql`${t.assignmentId} is not null and not ${t.voided}`),
    index('lrs_st_ref_idx').on(t.space, t.objectStatementId).where(sql`${t.objectStatementId} is not null`),
    index('lrs_st_related_activities_idx').using('gin', t.relatedActivities),
    index('lrs_st_related_agents_idx').using('gin', t.relatedAgents),
  ],
);

/** The canonical definition of each activity (merged from the statements that define it). */
export const lrsActivities = pgTable(
  'lrs_activities',
  {
    space: text('space').notNull(),
    activityId: text('activity_id').notNull(),
    definition: jsonb('definition').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.space, t.activityId] })],
);

/** Attachment data is in the file storage under `storageKey`; one row per space and hash. */
export const lrsAttachments = pgTable(
  'lrs_attachments',
  {
    space: text('space').notNull(),
    sha2: text('sha2').notNull(),
    contentType: text('content_type').notNull(),
    length: bigint('length', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * The latest `stored` of a statement carrying it (migration 0050): retention deletes the row and
     * its file once this is before the cutoff, i.e. when no kept statement carries it any more.
     */
    lastStored: ts('last_stored').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.space, t.sha2] })],
);

/**
 * State, activity profile and agent profile documents. Unused parts of the key are '' so that one
 * primary key covers all three kinds.
 */
export const lrsDocuments = pgTable(
  'lrs_documents',
  {
    space: text('space').notNull(),
    kind: text('kind', { enum: ['state', 'activityProfile', 'agentProfile'] }).notNull(),
    activityId: text('activity_id').notNull(),
    agentIfi: text('agent_ifi').notNull(),
    registration: text('registration').notNull(),
    docId: text('doc_id').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    /** SHA-1 of the content, hex: the ETag. */
    etag: text('etag').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.space, t.kind, t.activityId, t.agentIfi, t.registration, t.docId],
    }),
    // The retention sweep's walk over documents last written before its cutoff (migration 0050).
    index('lrs_documents_updated_idx').on(t.space, t.updatedAt),
  ],
);
