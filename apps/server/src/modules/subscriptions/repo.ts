import type { Language } from '@playon/shared/i18n/language';
import type { SubscriptionPackage } from '@playon/shared/subscriptions';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { PackageSeed } from './packages.ts';
import { subscriptionPackages, userSubscriptions } from './schema.ts';

export type PackageRow = typeof subscriptionPackages.$inferSelect;
export type UserSubscriptionRow = typeof userSubscriptions.$inferSelect;
export type NewUserSubscription = Pick<
  typeof userSubscriptions.$inferInsert,
  'uid' | 'packageId' | 'startsAt' | 'expiresAt' | 'intentId'
>;

/** The wire shape: the price in whole KES per day, as the contract gives it. */
export function toSubscriptionPackage(row: PackageRow, language: Language = 'en'): SubscriptionPackage {
  return {
    id: row.id,
    name: row.name as SubscriptionPackage['name'],
    description: (language === 'sw' && row.descriptionSw) || row.description,
    amount: Number(row.amountCents) / 100,
    currency: row.currency as SubscriptionPackage['currency'],
    duration: row.durationHours,
    popular: row.popular,
    oldId: row.oldId,
  };
}

export function createSubscriptionRepo(db: Db) {
  return {
    listPackages: (tx: Db = db) =>
      tx
        .select()
        .from(subscriptionPackages)
        .orderBy(asc(subscriptionPackages.amountCents), asc(subscriptionPackages.id)),
    async packageById(id: number, tx: Db = db) {
      const [row] = await tx.select().from(subscriptionPackages).where(eq(subscriptionPackages.id, id));
      return row;
    },
    async packageForUpdate(id: number, tx: Db) {
      const [row] = await tx
        .select()
        .from(subscriptionPackages)
        .where(eq(subscriptionPackages.id, id))
        .for('update');
      return row;
    },
    async updatePackage(id: number, fields: Partial<typeof subscriptionPackages.$inferInsert>, tx: Db) {
      const [row] = await tx
        .update(subscriptionPackages)
        .set(fields)
        .where(eq(subscriptionPackages.id, id))
        .returning();
      if (!row) throw new Error(`package ${id} vanished`);
      return row;
    },
    /**
     * Idempotent: packages already there (by name) are left as they are, an operator's changes too;
     * one seeded before it had a Kiswahili description gets the seed's.
     */
    async insertPackages(seeds: readonly PackageSeed[], tx: Db = db) {
      await tx
        .insert(subscriptionPackages)
        .values(seeds.map((seed) => ({ ...seed, currency: 'KES', durationHours: 24 })))
        .onConflictDoUpdate({
          target: subscriptionPackages.name,
          set: {
            descriptionSw: sql`coalesce(${subscriptionPackages.descriptionSw}, excluded.description_sw)`,
          },
        });
    },
    async byIntent(intentId: string, tx: Db = db) {
      const [row] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.intentId, intentId));
      return row;
    },
    /**
     * Serialises purchases of one package by one player until the transaction ends, so two payments
     * completing at once extend the chain one after the other instead of both from the same expiry.
     */
    async lockPlayerPackage(uid: string, packageId: number, tx: Db) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${uid}, ${packageId}))`);
    },
    /** The end of the player's latest purchase of the package, or undefined if they never bought it. */
    async latestExpiry(uid: string, packageId: number, tx: Db = db) {
      const [row] = await tx
        .select({ expiresAt: userSubscriptions.expiresAt })
        .from(userSubscriptions)
        .where(and(eq(userSubscriptions.uid, uid), eq(userSubscriptions.packageId, packageId)))
        .orderBy(desc(userSubscriptions.expiresAt))
        .limit(1);
      return row?.expiresAt;
    },
    /**
     * Ends the purchase an intent paid for at `at` (one not started yet keeps no time at all), unless
     * it had ended already: whether it ended now.
     */
    async endByIntent(intentId: string, at: Date, tx: Db = db) {
      const ended = await tx
        .update(userSubscriptions)
        .set({
          expiresAt: sql`greatest(${userSubscriptions.startsAt} + interval '1 millisecond', ${at.toISOString()}::timestamptz)`,
        })
        .where(and(eq(userSubscriptions.intentId, intentId), gt(userSubscriptions.expiresAt, at)))
        .returning({ id: userSubscriptions.id });
      return ended.length > 0;
    },
    /** Inserts unless the intent already activated one; undefined then. */
    async insert(subscription: NewUserSubscription, tx: Db = db) {
      const [row] = await tx
        .insert(userSubscriptions)
        .values(subscription)
        .onConflictDoNothing({ target: userSubscriptions.intentId })
        .returning();
      return row;
    },
    /** Every purchase of the player with its package, oldest first. */
    listForPlayer: (uid: string, tx: Db = db) =>
      tx
        .select({ subscription: userSubscriptions, subscriptionPackage: subscriptionPackages })
        .from(userSubscriptions)
        .innerJoin(subscriptionPackages, eq(subscriptionPackages.id, userSubscriptions.packageId))
        .where(eq(userSubscriptions.uid, uid))
        .orderBy(asc(userSubscriptions.startsAt), asc(userSubscriptions.expiresAt)),
    async hasActive(uid: string, at: Date, tx: Db = db) {
      const [row] = await tx
        .select({ id: userSubscriptions.id })
        .from(userSubscriptions)
        .where(
          and(
            eq(userSubscriptions.uid, uid),
            lte(userSubscriptions.startsAt, at),
            gt(userSubscriptions.expiresAt, at),
          ),
        )
        .limit(1);
      return Boolean(row);
    },
  };
}

export type SubscriptionRepo = ReturnType<typeof createSubscriptionRepo>;
