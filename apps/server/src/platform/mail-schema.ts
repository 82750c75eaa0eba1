import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The sandbox outbox: mail that would have gone out over SMTP. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
