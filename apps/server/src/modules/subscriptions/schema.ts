import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUser } from '../auth/service.ts';

/** The daily packages a player can buy (docs/product.md, "Subscription package"). Seeded at start. */
export const subscriptionPackages = pgTable(
  'subscription_packages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    description: text('description').notNull(),
    /** The description in Kiswahili; null: players read the English. The name stays. */
    descriptionSw: text('description_sw'),
    /** The price of one purchase, in integer cents of `currency`. */
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull().default('KES'),
    /** How long one purchase lasts. */
    durationHours: integer('duration_hours').notNull().default(24),
    popular: boolean('popular').notNull().default(false),
    /** The package's id in the previous system, when it had one. */
    oldId: integer('old_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subscription_packages_amount_positive', sql`${t.amountCents} > 0`),
    check('subscription_packages_duration_positive', sql`${t.durationHours} > 0`),
  ],
);

/**
 * One row per purchase. A purchase of a package the player still holds starts when the current one
 * expires, so the rows of one package form a chain and the latest expiry is the end of the chain.
 * `intent_id` is the payment intent that paid for it: unique, so a payment activates at most once.
 * No foreign key to the intent: the payments module owns that table and calls in here.
 */
export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => subscriptionPackages.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    intentId: uuid('intent_id').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_subscriptions_period', sql`${t.expiresAt} > ${t.startsAt}`),
    index('user_subscriptions_uid_expires_idx').on(t.uid, t.expiresAt),
    /** The subscriptions ending on a day, for a saved audience (ADR 0068). */
    index('user_subscriptions_expires_idx').on(t.expiresAt),
  ],
);
