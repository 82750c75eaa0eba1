import type { PaymentMethodCode } from '@playon/shared/payments';
import { and, asc, desc, eq, gte, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { batchOnNextTurn, batchPerTransaction } from '../../../platform/next-turn.ts';
import { traceContextNow } from '../../../platform/tracing.ts';
import { paymentIntents } from '../schema.ts';
import { insertIntentCarrying, insertIntentsCarrying } from './carrying.ts';
import { preparedIntentStatements } from './prepared.ts';
import { chargeTypesPaidBy, type IntentStatusValue } from './states.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type IntentRow = typeof paymentIntents.$inferSelect;
export type IntentChanges = Partial<typeof paymentIntents.$inferInsert>;

/** The payment intents' rows. Status moves only through `transition`, from a predecessor. */
export function createIntentRepo(db: Db) {
  const prepared = preparedIntentStatements(db);
  // In a transaction, the moves asked for at the same moment (a group's endings) go in one statement.
  const moveInTransaction = batchPerTransaction(prepared.moveTogether);
  const byOriginatorConversationId = batchOnNextTurn(async (ids: string[]) => {
    const rows = await prepared.byOriginatorConversationIds([...new Set(ids)]);
    const byId = new Map(rows.map((row) => [row.originatorConversationId, row]));
    return ids.map((id): IntentRow | undefined => byId.get(id));
  });
  return {
    // In one statement with another module's writes (a withdrawal's): carrying.ts.
    insertIntentCarrying,
    insertIntentsCarrying,
    async insertIntent(values: typeof paymentIntents.$inferInsert, tx: Db = db) {
      const [row] = await tx
        .insert(paymentIntents)
        .values({ traceContext: traceContextNow(), ...values })
        .returning();
      if (!row) throw new Error('intent insert returned nothing');
      return row;
    },
    /**
     * Moves an intent to `to` only from one of its predecessors: a conditional UPDATE, so a late or
     * duplicate result finds nothing to change and returns undefined.
     */
    async transition(id: string, to: IntentStatusValue, set: IntentChanges = {}, tx: Db = db) {
      if (tx !== db) return moveInTransaction(tx, { id, to, set });
      const moved = prepared.move(id, to, set, tx);
      return (moved ? await moved : await prepared.plainMove(id, to, set, tx))[0];
    },
    /**
     * The charge a provider's reference names (the card gateway and the carrier are given the
     * intent's id): an intent of a type `methodCode` pays for, paid with it. A refund or a withdrawal
     * never is one, whatever its method: those end only on what their own refund or payout says
     * (ADR 0069). Anything else, a forged or foreign reference included, is undefined; a reference
     * that is no id never reaches a query.
     */
    async chargeByReference(reference: string, methodCode: PaymentMethodCode) {
      const types = chargeTypesPaidBy(methodCode);
      if (!UUID.test(reference) || types.length === 0) return undefined;
      const [row] = await db
        .select()
        .from(paymentIntents)
        .where(
          and(
            eq(paymentIntents.id, reference),
            eq(paymentIntents.methodCode, methodCode),
            inArray(paymentIntents.type, types),
          ),
        );
      return row;
    },
    /** The intent under its row lock until the transaction ends: one money action on it at a time. */
    async lockById(id: string, tx: Db) {
      const [row] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, id)).for('update');
      return row;
    },
    /** Cents refunded from an intent so far: its refunds that did not fail (one on its way counts). */
    async refundedOf(id: string, tx: Db = db): Promise<bigint> {
      const [row] = await tx
        .select({ total: sql<string>`coalesce(sum(${paymentIntents.amountCents}), 0)::text` })
        .from(paymentIntents)
        .where(
          and(eq(paymentIntents.refundOf, id), notInArray(paymentIntents.status, ['ERROR', 'CANCELLED'])),
        );
      return BigInt(row?.total ?? '0');
    },
    async byId(id: string, tx: Db = db) {
      if (tx === db) return (await prepared.byId(id))[0];
      const [row] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, id));
      return row;
    },
    /** The intents of `ids` (a batch of payouts to send), in no particular order. */
    byIds: (ids: string[]) => prepared.byIds(ids),
    /**
     * Payouts of `ids` whose first B2C request may leave now: PENDING, never sent, and marked sent in
     * the same statement (ADR 0074). Those sent already are left as they are and not answered.
     */
    claimToSend: (ids: string[]) => prepared.claimedToSend(ids),
    /**
     * A payout whose B2C request may leave (again) now: still PENDING without a ConversationID, and
     * not sent by anyone since `intent` was read. Marked sent; undefined when another sender has it.
     */
    async claimToSendAgain(intent: IntentRow) {
      const [row] = await db
        .update(paymentIntents)
        .set({ payoutSentAt: new Date() })
        .where(
          and(
            eq(paymentIntents.id, intent.id),
            eq(paymentIntents.status, 'PENDING'),
            isNull(paymentIntents.conversationId),
            intent.payoutSentAt
              ? eq(paymentIntents.payoutSentAt, intent.payoutSentAt)
              : isNull(paymentIntents.payoutSentAt),
          ),
        )
        .returning();
      return row;
    },
    /**
     * Payouts Daraja took, each IN_PROGRESS with its ConversationID, in one statement: those no longer
     * PENDING are left as they are and not answered.
     */
    progressed: (sent: { id: string; conversationId: string }[]) => prepared.progressed(sent),
    /** The refund to the card the gateway's refund id names (ADR 0069). */
    async byCardRefundId(cardRefundId: string) {
      const [row] = await db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.cardRefundId, cardRefundId));
      return row;
    },
    /** Keeps the gateway's id of a refund to the card, once: a second id for it is not written. */
    async keepCardRefundId(id: string, cardRefundId: string) {
      const [row] = await db
        .update(paymentIntents)
        .set({ cardRefundId, updatedAt: new Date() })
        .where(and(eq(paymentIntents.id, id), isNull(paymentIntents.cardRefundId)))
        .returning();
      return row;
    },
    /** A payment's refunds to the card still open: those a refund webhook the gateway sent may be about. */
    openCardRefundsOf(id: string) {
      return db
        .select()
        .from(paymentIntents)
        .where(
          and(
            eq(paymentIntents.refundOf, id),
            eq(paymentIntents.methodCode, 'CARD'),
            inArray(paymentIntents.status, ['PENDING', 'IN_PROGRESS']),
          ),
        );
    },
    async byCheckoutRequestId(checkoutRequestId: string) {
      const [row] = await db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.checkoutRequestId, checkoutRequestId));
      return row;
    },
    /**
     * The payout a B2C or Transaction Status result names, read in one statement with the others
     * asked for during the same turn (the results Daraja sends at once).
     */
    byOriginatorConversationId,
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
    /**
     * The intents a player's history shows: those they paid (their own wallet's, and boosts of a
     * friend), and the boosts friends paid into their wallet once the money came. Anyone may boost
     * anyone, so a boost that never paid stays out of the friend's history.
     */
    historyOf(uid: string, limit: number) {
      return db
        .select()
        .from(paymentIntents)
        .where(
          or(
            eq(paymentIntents.playerUid, uid),
            and(eq(paymentIntents.walletUid, uid), eq(paymentIntents.status, 'COMPLETED')),
          ),
        )
        .orderBy(desc(paymentIntents.createdAt))
        .limit(limit);
    },
  };
}

export type IntentRepo = ReturnType<typeof createIntentRepo>;
