import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUser } from '../auth/service.ts';

/**
 * Spec section 3, "Notification". `dedupe_key` (unique when set) makes a notification written by a
 * retried job or a replayed event land once, e.g. `tournament-ended:<id>:<uid>`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url'),
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: two notices written in the same clock tick still list newest first. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('notifications_uid_created_idx').on(t.uid, t.createdAt)],
);
