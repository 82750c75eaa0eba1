import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** WALLET, MPESA, CARD, SAFARICOM_CREDIT, PAYPAL: seeded by the migration with fixed ids. */
export const paymentMethods = pgTable('payment_methods', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  available: boolean('available').notNull(),
});

/**
 * The waiting page's task. Status only moves forward (conditional UPDATE); each provider reference
 * is UNIQUE, so a callback can be matched to one intent and applied at most once.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who asked for it. */
    playerUid: text('player_uid').notNull(),
    /** Whose wallet it credits or debits. */
    walletUid: text('wallet_uid').notNull(),
    type: text('type').notNull(),
    methodCode: text('method_code').notNull(),
    status: text('status').notNull().default('PENDING'),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    phone: text('phone'),
    message: text('message'),
    merchantRequestId: text('merchant_request_id').unique(),
    checkoutRequestId: text('checkout_request_id').unique(),
    originatorConversationId: text('originator_conversation_id').unique(),
    conversationId: text('conversation_id').unique(),
    /** The M-Pesa receipt (STK) or transaction id (B2C). */
    receipt: text('receipt').unique(),
    resultCode: integer('result_code'),
    /** A Safaricom airtime charge's id (the charge's reference is the intent's id, as a card payment's is). */
    chargeId: text('charge_id').unique(),
    /** A REFUND sent to the card: the card gateway's id of the refund (ADR 0069). */
    cardRefundId: text('card_refund_id').unique(),
    /** A card payment's hosted checkout page, answered as `txGwSessionUrl`. */
    sessionUrl: text('session_url'),
    /** The subscription package a SUBSCRIPTION intent buys. */
    packageId: integer('package_id'),
    /**
     * A REFUND intent (an operator's): the payment it gives money back for. Its walletUid is
     * the wallet the money leaves (a top-up's or a boost's), or the payer's when it leaves none.
     */
    refundOf: uuid('refund_of'),
    providerCompletedAt: timestamp('provider_completed_at', { withTimezone: true }),
    /**
     * A payout: when its B2C request last left for Daraja. Set before the request goes, so from then
     * on the request may have reached Daraja and is never sent again before Transaction Status says
     * Daraja has no such payment (ADR 0074).
     */
    payoutSentAt: timestamp('payout_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The trace of the request that started it (a W3C traceparent, when tracing): its provider's
     * callback continues that trace (ADR 0051). `insertIntent` takes it from the request in hand.
     */
    traceContext: text('trace_context'),
  },
  (t) => [
    check(
      'payment_intents_status',
      sql`${t.status} IN ('PENDING', 'IN_PROGRESS', 'COMPLETED', 'ERROR', 'CANCELLED')`,
    ),
    check('payment_intents_amount_positive', sql`${t.amountCents} > 0 AND ${t.feeCents} >= 0`),
    index('payment_intents_wallet_idx').on(t.walletUid, t.createdAt),
    // A boost's payer sees it in their history too.
    index('payment_intents_player_idx').on(t.playerUid, t.createdAt),
    // The prompts sent to a phone lately (one open at a time, so many an hour).
    index('payment_intents_phone_idx').on(t.phone, t.createdAt),
    index('payment_intents_refund_of_idx').on(t.refundOf),
    index('payment_intents_created_idx').on(t.createdAt),
  ],
);

/**
 * What we sent a provider about an intent and what we received: a payment's timeline for
 * operators. Requests are kept without credentials (no password, security credential, token or
 * callback secret); callbacks as they came. Written beside the money, never in its transaction.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    intentId: uuid('intent_id').notNull(),
    /** request-sent, answer (the provider's reply to it), callback, job (a reconciliation look). */
    kind: text('kind').notNull(),
    /** MPESA, CARD, AIRTIME. */
    provider: text('provider').notNull(),
    /** What it was: stk-push, stk-query, b2c, transaction-status, initialize, verify, webhook, ... */
    operation: text('operation').notNull(),
    /** JSON text. */
    body: text('body').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_events_kind', sql`${t.kind} IN ('request-sent', 'answer', 'callback', 'job')`),
    index('payment_events_intent_idx').on(t.intentId, t.at),
  ],
);

/**
 * A provider's statement of one day as finance gave it (the M-Pesa org portal's CSV export), for the
 * daily reconciliation. The latest one of a day counts.
 */
export const providerStatements = pgTable(
  'provider_statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    /** Nairobi's calendar day, YYYY-MM-DD. */
    day: text('day').notNull(),
    csv: text('csv').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_statements_day_idx').on(t.provider, t.day, t.createdAt)],
);

/**
 * M-Pesa results we could not apply as they came. STK callbacks that named a CheckoutRequestID no
 * intent has (our STK push timed out, or we died before storing its answer): money-in evidence is
 * never dropped, each is kept here, matched to an open top-up by phone and amount when exactly one
 * fits, otherwise left for an operator. B2C and Transaction Status results that do not match the
 * payout we sent field by field (ADR 0018): parked here for an operator, never applied.
 */
export const unmatchedMpesaCallbacks = pgTable(
  'unmatched_mpesa_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which callback: 'stk', 'b2c/result' or 'status/result'. */
    kind: text('kind').notNull().default('stk'),
    checkoutRequestId: text('checkout_request_id').unique(),
    merchantRequestId: text('merchant_request_id'),
    /** The payout a B2C or Transaction Status result names. */
    originatorConversationId: text('originator_conversation_id'),
    conversationId: text('conversation_id'),
    resultCode: integer('result_code').notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }),
    phone: text('phone'),
    receipt: text('receipt'),
    /** Why it was parked (the field that did not match). */
    reason: text('reason'),
    /** The callback as Daraja posted it. */
    body: jsonb('body').notNull(),
    /** OPEN while we look for its intent, MATCHED once applied to one, OPERATOR when a person must decide. */
    status: text('status').notNull().default('OPEN'),
    /** The intent it was applied to (MATCHED) or claims to be about (OPERATOR). */
    intentId: uuid('intent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    check('unmatched_mpesa_callbacks_status', sql`${t.status} IN ('OPEN', 'MATCHED', 'OPERATOR')`),
    check('unmatched_mpesa_callbacks_kind', sql`${t.kind} IN ('stk', 'b2c/result', 'status/result')`),
    check(
      'unmatched_mpesa_callbacks_stk_ids',
      sql`${t.kind} <> 'stk' OR (${t.checkoutRequestId} IS NOT NULL AND ${t.merchantRequestId} IS NOT NULL)`,
    ),
    index('unmatched_mpesa_callbacks_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The Transaction Status queries we sent about a payout, by the query's own ConversationID (Daraja's
 * answer to the query, known only to Safaricom and us). Its result names the query by that id, so a
 * result found here is Safaricom's answer to our question: it may name a payout ConversationID we never
 * learnt (the B2C answer was lost), and its "no such payment" lets the payout be sent again (ADR 0074).
 */
export const mpesaStatusQueries = pgTable(
  'mpesa_status_queries',
  {
    conversationId: text('conversation_id').primaryKey(),
    intentId: uuid('intent_id').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the result said: completed, failed, pending, not-found or query-failed; null until it came. */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('mpesa_status_queries_intent_idx').on(t.intentId, t.askedAt)],
);
