import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The airtime charges the sandbox received. The outcome is decided on arrival and kept, so the
 * charge look-ups answer truthfully, also after a restart.
 */
export const sandboxAirtimeCharges = pgTable(
  'sandbox_airtime_charges',
  {
    /** The chargeId. */
    id: text('id').primaryKey(),
    /** The merchant's reference (ours), unique: a repeat is the same charge. */
    reference: text('reference').notNull().unique(),
    msisdn: text('msisdn').notNull(),
    /** Whole KES. */
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    callbackUrl: text('callback_url').notNull(),
    resultCode: integer('result_code').notNull(),
    resultDesc: text('result_desc').notNull(),
    /** How many times the result is posted: 0 (lost), 1, or 2 (duplicated). */
    deliveries: integer('deliveries').notNull(),
    /** When the subscriber "answers": look-ups report the outcome from then on, and the result is posted. */
    completesAt: timestamp('completes_at', { withTimezone: true }).notNull(),
    /** Set when the result was claimed for sending, so a restart or a second instance sends it once. */
    callbackSentAt: timestamp('callback_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_airtime_charges_created_at_idx').on(table.createdAt)],
);

export type SandboxAirtimeCharge = typeof sandboxAirtimeCharges.$inferSelect;
