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
    /** abandoned (not paid yet), success or failed. */
    status: text('status', { enum: ['abandoned', 'success', 'failed'] }).notNull(),
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
