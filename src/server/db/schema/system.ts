import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Settings every server process must share (e.g. the generated token-signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Dev outbox: every mail is kept here, and printed to the log when no SMTP server is set. */
export const mailOutbox = pgTable('mail_outbox', {
  id: text('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  meta: jsonb('meta').$type<Record<string, string>>(),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
});

/** Fixed-window counters; in the database so limits hold across server processes. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
});
