import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the card sandbox was asked to charge: one row per initialized transaction. It stays
 * `abandoned` until the checkout page is answered with a test card; then the outcome is kept, so
 * verify answers truthfully, also after a restart.
 */
export const sandboxPaystackTransactions = pgTable(
  'sandbox_paystack_transactions',
  {
    /** The gateway's numeric transaction id, as text. */
    id: text('id').primaryKey(),
    /** The merchant's reference (ours), unique. */
    reference: text('reference').notNull().unique(),
    /** The hosted checkout page's code: /sandbox/paystack/checkout/{accessCode}. */
    accessCode: text('access_code').notNull().unique(),
    email: text('email').notNull(),
    /** Minor units (cents). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    callbackUrl: text('callback_url'),
    metadata: jsonb('metadata'),
    /** abandoned (not paid yet), success or failed; reversed once its processed refunds gave all of it back. */
    status: text('status', { enum: ['abandoned', 'success', 'failed', 'reversed'] }).notNull(),
    gatewayResponse: text('gateway_response').notNull(),
    cardLast4: text('card_last4'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the checkout page was answered. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the signed webhook falls due (a successful charge only); null when none is owed. */
    webhookAt: timestamp('webhook_at', { withTimezone: true }),
    /** Set when the webhook was claimed for sending, so a restart or a second instance sends it once. */
    webhookSentAt: timestamp('webhook_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_paystack_transactions_created_at_idx').on(table.createdAt)],
);

export type SandboxPaystackTransaction = typeof sandboxPaystackTransactions.$inferSelect;

/**
 * What the card sandbox was asked to give back (POST /refund): one row per refund of a paid
 * transaction. `pending` until its delay has passed; then `processed`, and the signed refund.processed
 * webhook is claimed and sent once, as a charge's is.
 */
export const sandboxPaystackRefunds = pgTable(
  'sandbox_paystack_refunds',
  {
    /** The gateway's numeric refund id, as text. */
    id: text('id').primaryKey(),
    /** The refunded transaction's id and the merchant's reference of it. */
    transactionId: text('transaction_id').notNull(),
    transactionReference: text('transaction_reference').notNull(),
    /** Minor units (cents). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The merchant's own note: PlayOn gives its refund's id, to find the refund again after a retry. */
    merchantNote: text('merchant_note'),
    customerNote: text('customer_note'),
    /** pending (queued), processed (back on the card) or failed. */
    status: text('status', { enum: ['pending', 'processed', 'failed'] }).notNull(),
    /** When it is processed and its webhook falls due. */
    webhookAt: timestamp('webhook_at', { withTimezone: true }).notNull(),
    /** Set when it was processed and its webhook claimed for sending: once across restarts and instances. */
    webhookSentAt: timestamp('webhook_sent_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_paystack_refunds_transaction_idx').on(table.transactionId)],
);

export type SandboxPaystackRefund = typeof sandboxPaystackRefunds.$inferSelect;
