import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUser } from '../auth/service.ts';
import { countries, currencies } from '../reference/service.ts';

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .unique()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    name: text('name'),
    username: text('username'),
    email: text('email'),
    dob: date('dob', { mode: 'string' }),
    gender: text('gender', { enum: ['MALE', 'FEMALE', 'OTHER'] }),
    phone: text('phone'),
    profilePic: text('profile_pic'),
    countryId: integer('country_id').references(() => countries.id),
    currencyId: integer('currency_id').references(() => currencies.id),
    referralCode: text('referral_code').notNull().unique(),
    /** 'en' or 'sw' once the player chose; null: never chosen, English outside a request. */
    language: text('language', { enum: ['en', 'sw'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Usernames are unique regardless of case: 'Amina' and 'amina' are the same player to a human.
    uniqueIndex('profiles_username_lower_unique').on(sql`lower(${table.username})`),
    // Insight's job reads the profiles changed since its last run (ADR 0067).
    index('profiles_updated_idx').on(table.updatedAt),
  ],
);

/** Web Push subscriptions (docs/api.md, push); one row per browser endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerUid: text('player_uid')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    subscription: jsonb('subscription').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Every push looks up the player's browsers.
  (table) => [index('push_subscriptions_player_uid_idx').on(table.playerUid)],
);
