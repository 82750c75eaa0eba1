import { and, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { paymentIntents } from '../schema.ts';

/** Paid in by players from outside PlayOn; a wallet payment only moves money already in. */
const MONEY_IN_TYPES = ['TOPUP', 'BOOST', 'SUBSCRIPTION'];
const MONEY_OUT_TYPES = ['WITHDRAWAL'];
const OPEN = ['PENDING', 'IN_PROGRESS'];

/**
 * What the console reads of payments on the database alone: money in and out per day
 * and method for the dashboard, the open and stuck intents, and one player's recent payments.
 */
export function createPaymentReads({ db, giveUpMs }: { db: Db; giveUpMs: number }) {
  return {
    /**
     * Which of these players ever completed a payment of their own (a top-up, a boost, a
     * subscription, by any method): a saved audience's "never paid" leaves them out (ADR 0068).
     */
    async paidAmong(uids: readonly string[], tx: Db = db) {
      if (uids.length === 0) return new Set<string>();
      const rows = await tx
        .selectDistinct({ uid: paymentIntents.playerUid })
        .from(paymentIntents)
        .where(
          and(
            inArray(paymentIntents.playerUid, [...uids]),
            eq(paymentIntents.status, 'COMPLETED'),
            inArray(paymentIntents.type, MONEY_IN_TYPES),
          ),
        );
      return new Set(rows.map((row) => row.uid));
    },

    /**
     * Completed intents since `since`, per day of the clock `offsetMinutes` ahead of UTC, direction
     * and method. A completed intent's `updated_at` is its completion (status only moves forward).
     */
    async moneyPerDay(since: Date, offsetMinutes: number) {
      const day = sql<string>`to_char((${paymentIntents.updatedAt} at time zone 'UTC') + make_interval(mins => ${offsetMinutes}::int), 'YYYY-MM-DD')`;
      const direction = sql<
        'in' | 'out'
      >`case when ${inArray(paymentIntents.type, MONEY_OUT_TYPES)} then 'out' else 'in' end`;
      const rows = await db
        .select({
          day,
          direction,
          method: paymentIntents.methodCode,
          cents: sql<string>`sum(${paymentIntents.amountCents})::text`,
          count: sql<number>`count(*)::int`,
        })
        .from(paymentIntents)
        .where(
          and(
            eq(paymentIntents.status, 'COMPLETED'),
            gte(paymentIntents.updatedAt, since),
            ne(paymentIntents.methodCode, 'WALLET'),
            inArray(paymentIntents.type, [...MONEY_IN_TYPES, ...MONEY_OUT_TYPES]),
          ),
        )
        // By output position: the day and direction hold parameters, which GROUP BY cannot match by text.
        .groupBy(sql`1`, sql`2`, sql`3`);
      return rows.map((row) => ({ ...row, cents: BigInt(row.cents) }));
    },

    /** Open intents, and those open past STK_UNKNOWN_GIVE_UP_MS (`openPastGiveUp` lists them). */
    async openCounts() {
      const giveUpBefore = new Date(Date.now() - giveUpMs);
      const [row] = await db
        .select({
          open: sql<number>`count(*)::int`,
          stuck: sql<number>`(count(*) filter (where ${paymentIntents.createdAt} < ${giveUpBefore.toISOString()}::timestamptz))::int`,
        })
        .from(paymentIntents)
        .where(inArray(paymentIntents.status, OPEN));
      return { open: row?.open ?? 0, stuck: row?.stuck ?? 0 };
    },

    /** The payments a player started or was boosted by since `since`, and how many completed. */
    async countsOf(uid: string, since: Date) {
      const [row] = await db
        .select({
          started: sql<number>`count(*)::int`,
          completed: sql<number>`(count(*) filter (where ${paymentIntents.status} = 'COMPLETED'))::int`,
        })
        .from(paymentIntents)
        .where(
          and(
            or(eq(paymentIntents.playerUid, uid), eq(paymentIntents.walletUid, uid)),
            gte(paymentIntents.createdAt, since),
          ),
        );
      return { started: row?.started ?? 0, completed: row?.completed ?? 0 };
    },
  };
}

export type PaymentReads = ReturnType<typeof createPaymentReads>;
