import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { assignments } from './assignments';
import { users } from './auth';

/**
 * Where a learner is in a flow of an assignment: the runtime's run state (plain JSON, see the runtime
 * README) and the player's transcript of earlier answers, for the flow's revision it ran. Written by
 * the player after each answer, read when the learner opens the flow on a phone that has none
 *. Migration 0029.
 */
export const playerRunStates = pgTable(
  'player_run_states',
  {
    assignmentId: text('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flowId: text('flow_id').notNull(),
    revision: integer('revision').notNull(),
    /** `{ state, transcript }` as the player sent it (checked by ZRunSave). */
    run: jsonb('run').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.userId, t.flowId] })],
);
