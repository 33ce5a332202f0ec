import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { assignments } from './assignments';
import { users } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A live lesson on one flow of an assignment (migration 0039): the teacher's step, whether
 * answers are taken, revealed results and working ahead. One open session per assignment.
 * `revision` moves with every change, so a phone can tell a stale event from a fresh one.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: text('id').primaryKey(),
    assignmentId: text('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    flowId: text('flow_id').notNull(),
    startedBy: text('started_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: integer('step').notNull().default(0),
    /** The flow's blocks but its start, when the session began: the last step is step_count - 1. */
    stepCount: integer('step_count').notNull(),
    answersOpen: boolean('answers_open').notNull().default(true),
    revealed: boolean('revealed').notNull().default(false),
    workAhead: boolean('work_ahead').notNull().default(false),
    revision: integer('revision').notNull().default(1),
    /** Points and a leaderboard (migration 0047): off unless the teacher switched them on at the start. */
    points: boolean('points').notNull().default(false),
    /** The leaderboard shows "Learner n" instead of names. */
    hideNames: boolean('hide_names').notNull().default(true),
    /** When the teacher's step opened (the server's clock): an answer's speed counts from here. */
    stepOpenedAt: ts('step_opened_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
  },
  (t) => [uniqueIndex('live_sessions_open_idx').on(t.assignmentId).where(sql`${t.endedAt} is null`)],
);

/** Who joined a live session (the names on the projector). */
export const liveMembers = pgTable(
  'live_members',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] })],
);

/** A learner's answer to one step of a live session (the last one counts): the projector's chart. */
export const liveAnswers = pgTable(
  'live_answers',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    answer: jsonb('answer').notNull(),
    /** What the answer earned (0 unless points are on and it is right; live.points.repo.ts). */
    points: integer('points').notNull().default(0),
    answeredAt: ts('answered_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.step, t.userId] })],
);
