import type { Language } from '@playon/shared/i18n/language';
import type { SubscriptionPackage, UserSubscription } from '@playon/shared/subscriptions';
import type { Db } from '../../platform/db.ts';
import { createPackagesConsole } from './ops/actions.ts';
import { packageSeeds } from './packages.ts';
import {
  createSubscriptionRepo,
  type PackageRow,
  toSubscriptionPackage,
  type UserSubscriptionRow,
} from './repo.ts';

export interface SubscriptionServiceDeps {
  db: Db;
  /** The clock `expired` and the entitlement check read; tests pass their own. */
  now?: () => Date;
}

export interface ActivateSubscriptionInput {
  uid: string;
  packageId: number;
  /** The payment intent that paid: a second call with the same intent changes nothing. */
  intentId: string;
  /** When the payment completed: the purchase runs from then (or from the end of the current one). */
  paidAt: Date;
}

export interface ActivationResult {
  subscription: UserSubscriptionRow;
  /** False when this intent had already activated its subscription (a replay). */
  activated: boolean;
}

const HOUR_MS = 3_600_000;

/**
 * Daily subscriptions. A purchase lasts the package's duration (24 hours) from payment; buying a
 * package the player still holds adds a purchase that starts when the current one expires, so the
 * expiry moves out by 24 hours. Each purchase is its own row, keyed by the paying intent.
 */
export function createSubscriptionService({ db, now = () => new Date() }: SubscriptionServiceDeps) {
  const repo = createSubscriptionRepo(db);
  const inTx = <T>(tx: Db | undefined, work: (tx: Db) => Promise<T>) =>
    tx ? work(tx) : db.transaction((t) => work(t));

  /** The package by id, with its price in cents (`amountCents`), or undefined. */
  function packageById(id: number, tx?: Db): Promise<PackageRow | undefined> {
    return repo.packageById(id, tx);
  }

  /**
   * Activates the subscription a completed payment bought, in the caller's transaction when given
   * (so the ledger entry and the subscription commit together). Idempotent per intent.
   */
  function activateSubscription(input: ActivateSubscriptionInput, tx?: Db): Promise<ActivationResult> {
    return inTx(tx, async (t) => {
      await repo.lockPlayerPackage(input.uid, input.packageId, t);
      const existing = await repo.byIntent(input.intentId, t);
      if (existing) return { subscription: sameIntent(existing, input), activated: false };
      const pkg = await repo.packageById(input.packageId, t);
      if (!pkg) throw new Error(`subscription package ${input.packageId} does not exist`);
      const latestExpiry = await repo.latestExpiry(input.uid, input.packageId, t);
      const startsAt =
        latestExpiry && latestExpiry.getTime() > input.paidAt.getTime() ? latestExpiry : input.paidAt;
      const expiresAt = new Date(startsAt.getTime() + pkg.durationHours * HOUR_MS);
      const row = await repo.insert(
        { uid: input.uid, packageId: input.packageId, intentId: input.intentId, startsAt, expiresAt },
        t,
      );
      if (row) return { subscription: row, activated: true };
      // The same intent for another package or player, committed between our check and insert.
      const raced = await repo.byIntent(input.intentId, t);
      if (!raced) throw new Error(`subscription for intent ${input.intentId} vanished`);
      return { subscription: sameIntent(raced, input), activated: false };
    });
  }

  /** Whether the player holds any package at `at`: from its start, up to but excluding its expiry. */
  function hasActiveSubscription(uid: string, at: Date = now(), tx?: Db): Promise<boolean> {
    return repo.hasActive(uid, at, tx);
  }

  /** The packages, described in `language` (their names are the same in both). */
  async function listPackages(language: Language = 'en'): Promise<SubscriptionPackage[]> {
    return (await repo.listPackages()).map((row) => toSubscriptionPackage(row, language));
  }

  /**
   * The player's subscriptions, one per package they ever bought: its latest purchase's id, the
   * start of the unbroken run of purchases that ends at the latest expiry, and that expiry.
   */
  async function listForPlayer(uid: string): Promise<UserSubscription[]> {
    const at = now().getTime();
    const runs = new Map<number, { row: UserSubscriptionRow; startsAt: Date; pkg: PackageRow }>();
    for (const { subscription, subscriptionPackage } of await repo.listForPlayer(uid)) {
      const run = runs.get(subscription.packageId);
      if (run && subscription.startsAt.getTime() <= run.row.expiresAt.getTime()) {
        if (subscription.expiresAt.getTime() > run.row.expiresAt.getTime()) run.row = subscription;
      } else {
        runs.set(subscription.packageId, {
          row: subscription,
          startsAt: subscription.startsAt,
          pkg: subscriptionPackage,
        });
      }
    }
    return [...runs.values()]
      .sort((a, b) => Number(a.pkg.amountCents - b.pkg.amountCents) || a.pkg.id - b.pkg.id)
      .map(({ row, startsAt, pkg }) => ({
        id: row.id,
        expired: row.expiresAt.getTime() <= at,
        startsAt: startsAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        subscriptionPackage: toSubscriptionPackage(pkg),
      }));
  }

  return {
    packageById,
    activateSubscription,
    hasActiveSubscription,
    listPackages,
    listForPlayer,
    /**
     * An operator refunded the payment of a purchase in full: it ends at `at`, in the
     * refund's transaction; later purchases keep their times. False when it had ended already.
     */
    endSubscriptionOf: (intentId: string, at: Date, tx?: Db) => repo.endByIntent(intentId, at, tx),
    console: createPackagesConsole({ db, repo }),
    /** The four daily packages, written at every start; packages already there are left alone. */
    seed: () => repo.insertPackages(packageSeeds),
  };
}

function sameIntent(row: UserSubscriptionRow, input: ActivateSubscriptionInput): UserSubscriptionRow {
  if (row.uid !== input.uid || row.packageId !== input.packageId) {
    throw new Error(`intent ${input.intentId} already activated another subscription`);
  }
  return row;
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
export { createSubscriptionReads, type SubscriptionReads } from './ops/reads.ts';
export type { PackageRow as SubscriptionPackageRow } from './repo.ts';
export { subscriptionPackages, userSubscriptions } from './schema.ts';
