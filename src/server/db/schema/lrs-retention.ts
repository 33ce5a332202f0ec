import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * How long a space keeps its statements (migration 0041). No row: kept for ever, the default, since
 * xAPI treats stored statements as immutable records; a row is the administrator's choice to delete
 * statements stored more than `months` ago (src/server/lrs/retention.ts).
 */
export const lrsRetention = pgTable('lrs_retention', {
  space: text('space').primaryKey(),
  months: integer('months').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
