import { and, asc, desc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { paymentIntents, paymentMethods, unmatchedMpesaCallbacks } from './schema.ts';

export type IntentRow = typeof paymentIntents.$inferSelect;
export type IntentStatusValue = 'PENDING' | 'IN_PROGRESS' | 'COMPLETED' | 'ERROR' | 'CANCELLED';

/** The statuses each status may be reached from: the only transitions there are. */
export const predecessors: Record<IntentStatusValue, IntentStatusValue[]> = {
  PENDING: [],
  IN_PROGRESS: ['PENDING'],
  COMPLETED: ['PENDING', 'IN_PROGRESS'],
  ERROR: ['PENDING', 'IN_PROGRESS'],
  CANCELLED: ['PENDING', 'IN_PROGRESS'],
};

export function createPaymentRepo(db: Db) {
  return {
    listMethods() {
      return db.select().from(paymentMethods).orderBy(asc(paymentMethods.id));
    },
    async insertIntent(values: typeof paymentIntents.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(paymentIntents).values(values).returning();
      if (!row) throw new Error('intent insert returned nothing');
      return row;
    },
    /**
     * Moves an intent to `to` only from one of its predecessors: a conditional UPDATE, so a late or
     * duplicate result finds nothing to change and returns undefined.
     */
    async transition(
      id: string,
      to: IntentStatusValue,
      set: Partial<typeof paymentIntents.$inferInsert> = {},
      tx: Db = db,
    ) {
      const [row] = await tx
        .update(paymentIntents)
        .set({ ...set, status: to, updatedAt: new Date() })
        .where(and(eq(paymentIntents.id, id), inArray(paymentIntents.status, predecessors[to])))
        .returning();
      return row;
    },
    async byId(id: string, tx: Db = db) {
      const [row] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, id));
      return row;
    },
    async byCheckoutRequestId(checkoutRequestId: string) {
      const [row] = await db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.checkoutRequestId, checkoutRequestId));
      return row;
    },
    async byOriginatorConversationId(originatorConversationId: string) {
      const [row] = await db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.originatorConversationId, originatorConversationId));
      return row;
    },
    /** Open M-Pesa payments (top-ups, boosts, subscriptions) that never learnt their checkout id, for this phone and amount, created since `since`. */
    openTopUpsWithoutCheckout(phone: string, amountCents: bigint, since: Date) {
      return db
        .select()
        .from(paymentIntents)
        .where(
          and(
            inArray(paymentIntents.type, ['TOPUP', 'BOOST', 'SUBSCRIPTION']),
            eq(paymentIntents.methodCode, 'MPESA'),
            inArray(paymentIntents.status, ['PENDING', 'IN_PROGRESS']),
            isNull(paymentIntents.checkoutRequestId),
            eq(paymentIntents.phone, phone),
            eq(paymentIntents.amountCents, amountCents),
            gte(paymentIntents.createdAt, since),
          ),
        )
        .limit(2);
    },
    /** Gives an open top-up the checkout it was matched to, only if it has none yet. */
    async bindCheckout(id: string, ids: { checkoutRequestId: string; merchantRequestId: string }) {
      const [row] = await db
        .update(paymentIntents)
        .set({ ...ids, updatedAt: new Date() })
        .where(and(eq(paymentIntents.id, id), isNull(paymentIntents.checkoutRequestId)))
        .returning();
      return row;
    },
    /** Keeps an STK callback no intent knows; the same callback again changes nothing. */
    async keepUnmatched(
      values: typeof unmatchedMpesaCallbacks.$inferInsert & {
        checkoutRequestId: string;
        merchantRequestId: string;
      },
    ) {
      await db.insert(unmatchedMpesaCallbacks).values(values).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(unmatchedMpesaCallbacks)
        .where(eq(unmatchedMpesaCallbacks.checkoutRequestId, values.checkoutRequestId));
      if (!row) throw new Error('unmatched callback missing after insert');
      return row;
    },
    /** Parks a B2C or Transaction Status result that does not match its payout, for an operator. */
    async parkResult(values: typeof unmatchedMpesaCallbacks.$inferInsert) {
      const [row] = await db
        .insert(unmatchedMpesaCallbacks)
        .values({ ...values, status: 'OPERATOR', resolvedAt: new Date() })
        .returning();
      return row;
    },
    /** The M-Pesa callbacks and results a person must decide about, newest first. */
    listForOperator(limit: number) {
      return db
        .select()
        .from(unmatchedMpesaCallbacks)
        .where(eq(unmatchedMpesaCallbacks.status, 'OPERATOR'))
        .orderBy(desc(unmatchedMpesaCallbacks.createdAt))
        .limit(limit);
    },
    async resolveUnmatched(checkoutRequestId: string, status: 'MATCHED' | 'OPERATOR', intentId?: string) {
      await db
        .update(unmatchedMpesaCallbacks)
        .set({ status, intentId: intentId ?? null, resolvedAt: new Date() })
        .where(eq(unmatchedMpesaCallbacks.checkoutRequestId, checkoutRequestId));
    },
    async unmatchedByCheckoutRequestId(checkoutRequestId: string) {
      const [row] = await db
        .select()
        .from(unmatchedMpesaCallbacks)
        .where(eq(unmatchedMpesaCallbacks.checkoutRequestId, checkoutRequestId));
      return row;
    },
    /** The STK prompts (M-Pesa payments, not payouts) sent to `phone` since `since`: their status and start. */
    promptsTo(phone: string, since: Date, tx: Db = db) {
      return tx
        .select({ status: paymentIntents.status, createdAt: paymentIntents.createdAt })
        .from(paymentIntents)
        .where(
          and(
            eq(paymentIntents.phone, phone),
            gte(paymentIntents.createdAt, since),
            eq(paymentIntents.methodCode, 'MPESA'),
            inArray(paymentIntents.type, ['TOPUP', 'BOOST', 'SUBSCRIPTION']),
          ),
        );
    },
    /** Intents still PENDING or IN_PROGRESS that started before `before`, oldest first. */
    openCreatedBefore(before: Date, limit: number) {
      return db
        .select()
        .from(paymentIntents)
        .where(
          and(
            inArray(paymentIntents.status, ['PENDING', 'IN_PROGRESS']),
            lt(paymentIntents.createdAt, before),
          ),
        )
        .orderBy(asc(paymentIntents.createdAt))
        .limit(limit);
    },
    listForWallet(walletUid: string, limit: number) {
      return db
        .select()
        .from(paymentIntents)
        .where(
          and(eq(paymentIntents.walletUid, walletUid), inArray(paymentIntents.type, ['TOPUP', 'WITHDRAWAL'])),
        )
        .orderBy(desc(paymentIntents.createdAt))
        .limit(limit);
    },
  };
}

export type PaymentRepo = ReturnType<typeof createPaymentRepo>;
