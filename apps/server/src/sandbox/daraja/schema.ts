import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the Daraja sandbox processed: an STK Push (id = CheckoutRequestID) or a B2C payment
 * (id = ConversationID). The outcome is decided on arrival and kept, so STK Push Query and
 * Transaction Status answer truthfully, also after a restart.
 */
export const sandboxDarajaTransactions = pgTable(
  'sandbox_daraja_transactions',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['stk', 'b2c'] }).notNull(),
    /** STK: MerchantRequestID. B2C: the caller's OriginatorConversationID (unique per payment). */
    requestId: text('request_id').notNull().unique(),
    phone: text('phone').notNull(),
    amount: integer('amount').notNull(),
    reference: text('reference').notNull(),
    /** CallBackURL (STK) or ResultURL (B2C). */
    callbackUrl: text('callback_url').notNull(),
    queueTimeoutUrl: text('queue_timeout_url'),
    resultCode: integer('result_code').notNull(),
    resultDesc: text('result_desc').notNull(),
    /** The M-Pesa receipt of a successful payment; null when it failed. */
    receipt: text('receipt'),
    /** How many times the callback is sent: 0 (lost), 1, or 2 (duplicated). */
    deliveries: integer('deliveries').notNull(),
    /** When the customer "answers": queries report the outcome from then on, and the callback is sent. */
    completesAt: timestamp('completes_at', { withTimezone: true }).notNull(),
    /** Set when the callback was claimed for sending, so a restart or a second instance sends it once. */
    callbackSentAt: timestamp('callback_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_daraja_transactions_created_at_idx').on(table.createdAt)],
);

export type SandboxDarajaTransaction = typeof sandboxDarajaTransactions.$inferSelect;

/**
 * The access token a Safaricom sandbox API gave last, by the API it is for: as on Daraja, a newer
 * token revokes the older ones, whichever instance gave them.
 */
export const sandboxSafaricomTokens = pgTable('sandbox_safaricom_tokens', {
  purpose: text('purpose').primaryKey(),
  accessToken: text('access_token').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});
