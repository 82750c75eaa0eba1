import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUser } from '../auth/service.ts';

export const referrals = pgTable('referrals', {
  id: uuid('id').primaryKey().defaultRandom(),
  referrerUid: text('referrer_uid')
    .notNull()
    .references(() => authUser.id, { onDelete: 'cascade' }),
  /** A player is referred at most once. */
  referredUid: text('referred_uid')
    .notNull()
    .unique()
    .references(() => authUser.id, { onDelete: 'cascade' }),
  referralCode: text('referral_code').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One referral submission in flight per player: the row exists while it runs. */
export const referralAttempts = pgTable('referral_attempts', {
  playerUid: text('player_uid').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});
