import { z } from 'zod';
import { LedgerPostingSchema, PageQuerySchema, pageOf, ReasonSchema } from './ops.ts';
import { intentStatuses, intentTypes, MpesaPhoneSchema, paymentMethodCodes } from './payments.ts';

/** The console's Payments and money area: what finance reads and does about money. */
export const moneyOpsMessages = {
  paymentNotFound: 'No payment has this id.',
  finalAlready: 'This payment is final: there is nothing to ask its provider.',
  walletNothingToAsk: 'A wallet payment has no provider to ask.',
  notRefundable: 'Only a completed top-up, boost or subscription can be refunded.',
  refundedInFull: 'This payment has been refunded in full already.',
  moreThanLeft: (kes: string) => `This is more than what is left to refund (KES ${kes}).`,
  topUpToWallet: "A top-up's money is in the player's wallet already: refund it by M-Pesa.",
  walletShort: 'The wallet the money is in holds less than this refund now.',
  phoneNeeded: 'Enter the M-Pesa number to send the refund to.',
  cardOnly: 'Only a payment made by card can be refunded to the card.',
  wholeShillings: 'M-Pesa sends whole shillings only.',
  callbackNotFound: 'No kept M-Pesa callback has this id.',
  alreadyResolved: 'This callback was resolved already.',
  notMoneyIn: 'Only a successful STK callback (money paid in) can be credited to a player.',
  playerNotFound: 'No player has this id.',
  day: 'Pick a day (YYYY-MM-DD).',
  statementEmpty: 'This statement has no transactions we can read. Export it as CSV from the org portal.',
} as const;

/** A day as operators pick it: Nairobi's calendar day (UTC+3, no daylight saving). */
export const DaySchema = z
  .string({ error: moneyOpsMessages.day })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, moneyOpsMessages.day)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00+03:00`)), moneyOpsMessages.day);

export const MONEY_TIME_ZONE = 'Africa/Nairobi';

/** GET /api/ops/money/payments: every intent, filtered. */
export const PaymentsQuerySchema = PageQuerySchema.extend({
  status: z.enum(intentStatuses).optional(),
  method: z.enum(paymentMethodCodes).optional(),
  type: z.enum(intentTypes).optional(),
  /** Created on or after this day, up to and including `to` (Nairobi days). */
  from: DaySchema.optional(),
  to: DaySchema.optional(),
  phone: z.string().trim().max(20).optional(),
  /** The payer's or the credited wallet's uid, or the payer's e-mail or username. */
  player: z.string().trim().max(200).optional(),
});
export type PaymentsQuery = z.input<typeof PaymentsQuerySchema>;

/** One payment intent as operators see it. */
export const OpsPaymentSchema = z.object({
  id: z.string(),
  type: z.enum(intentTypes),
  method: z.string(),
  status: z.enum(intentStatuses),
  /** KES. */
  amount: z.number(),
  fee: z.number(),
  phone: z.string().nullable(),
  /** Who asked for it (a refund: who gets the money back). */
  payerUid: z.string(),
  payerEmail: z.string().nullable(),
  /** Whose wallet it credits or debits. */
  walletUid: z.string(),
  receipt: z.string().nullable(),
  message: z.string().nullable(),
  /** A refund: the payment it gives money back for. */
  refundOf: z.string().nullable(),
  /** KES refunded so far (refunds not failed), for a payment that can be refunded. */
  refunded: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  providerCompletedAt: z.string().nullable(),
});
export type OpsPayment = z.infer<typeof OpsPaymentSchema>;
export const OpsPaymentPageSchema = pageOf(OpsPaymentSchema);

export const PaymentIdParamsSchema = z.object({
  id: z.guid({ error: moneyOpsMessages.paymentNotFound }),
});

export const timelineKinds = [
  'created',
  'request-sent',
  'answer',
  'callback',
  'job',
  'ledger',
  'status',
] as const;

/**
 * One moment of a payment's life: what we sent a provider (never a credential), what it answered,
 * what it called back with (as received), a job waiting on it, a ledger entry with its postings.
 */
export const TimelineItemSchema = z.object({
  at: z.string(),
  kind: z.enum(timelineKinds),
  title: z.string(),
  provider: z.string().nullable(),
  /** The body sent or received, as JSON text. */
  body: z.string().nullable(),
  postings: z.array(LedgerPostingSchema).nullable(),
});
export type TimelineItem = z.infer<typeof TimelineItemSchema>;

/** GET /api/ops/money/payments/{id}: the payment, its timeline, its refunds and what may be done. */
export const PaymentDetailSchema = z.object({
  payment: OpsPaymentSchema,
  timeline: z.array(TimelineItemSchema),
  refunds: z.array(OpsPaymentSchema),
  /** KES that may still be refunded (0 when it cannot be refunded). */
  refundable: z.number(),
  /** Whether "ask the provider now" applies (an open payment with a provider). */
  canAskProvider: z.boolean(),
  /** Whether the player's wallet holds this payment's money already (a top-up): then only M-Pesa or the card. */
  refundToWalletAllowed: z.boolean(),
  /** A card payment: its refund may go back to the card, through the card gateway (ADR 0069). */
  refundToCardAllowed: z.boolean(),
  /**
   * The phone an M-Pesa refund goes to unless the operator types another: the payment's own, else
   * the one the player last paid or was paid with by M-Pesa; null when PlayOn knows none.
   */
  payerPhone: z.string().nullable(),
});
export type PaymentDetail = z.infer<typeof PaymentDetailSchema>;

/** POST /api/ops/money/payments/{id}/ask-provider: what the provider said, and the payment after. */
export const AskProviderResultSchema = z.object({
  payment: OpsPaymentSchema,
  /** In a sentence: settled, still open and why. */
  outcome: z.string(),
  changed: z.boolean(),
});

/** Minutes a payment may stay open before the console's "Open a while" list shows it. */
export const openForMinutes = [5, 15, 30, 60] as const;

/** GET /api/ops/money/payments/open: payments still open this many minutes after they were made. */
export const OpenPaymentsQuerySchema = PageQuerySchema.extend({
  minutes: z.coerce
    .number({ error: 'Choose how many minutes.' })
    .int('Choose how many minutes.')
    .min(1, 'Choose how many minutes.')
    .max(24 * 60, 'Choose how many minutes.')
    .default(5),
});
export type OpenPaymentsQuery = z.infer<typeof OpenPaymentsQuerySchema>;

export const refundDestinations = ['WALLET', 'MPESA', 'CARD'] as const;

/** POST /api/ops/money/payments/{id}/refund. */
export const RefundRequestSchema = z.object({
  destination: z.enum(refundDestinations, { error: 'Choose where the refund goes.' }),
  /** KES; all that is left to refund when absent. */
  amount: z
    .number({ error: 'Please enter an amount.' })
    .positive('Please enter an amount.')
    .refine(
      (kes) => Number.isInteger(Math.round(kes * 100)) && Math.abs(kes * 100 - Math.round(kes * 100)) < 1e-6,
      {
        message: 'At most two decimals.',
      },
    )
    .optional(),
  /** By M-Pesa: the number to send it to; the payment's own phone when absent. */
  mpesaPhoneNumber: MpesaPhoneSchema.optional(),
  reason: ReasonSchema,
});
export type RefundRequest = z.input<typeof RefundRequestSchema>;

export const RefundResultSchema = z.object({
  refund: OpsPaymentSchema,
  payment: OpsPaymentSchema,
  /** A subscription refunded in full ends at once; a partial refund leaves it running. */
  subscriptionEnded: z.boolean(),
  note: z.string().nullable(),
});

export const unmatchedStatuses = ['OPERATOR', 'MATCHED', 'OPEN'] as const;

/** GET /api/ops/money/unmatched: M-Pesa callbacks and results kept for a person. */
export const UnmatchedQuerySchema = PageQuerySchema.extend({
  status: z.enum(unmatchedStatuses).default('OPERATOR'),
});

export const UnmatchedCallbackSchema = z.object({
  id: z.number(),
  /** 'stk' (money in), 'b2c/result' or 'status/result' (a payout's result). */
  kind: z.string(),
  status: z.enum(unmatchedStatuses),
  /** Why it was parked, when it was. */
  reason: z.string().nullable(),
  checkoutRequestId: z.string().nullable(),
  originatorConversationId: z.string().nullable(),
  resultCode: z.number(),
  amount: z.number().nullable(),
  phone: z.string().nullable(),
  receipt: z.string().nullable(),
  /** The payment it was applied to, or claims to be about. */
  intentId: z.string().nullable(),
  /** As Daraja posted it, JSON text. */
  body: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** Money came in and no payment has it: it may be credited to a player. */
  canCreditPlayer: z.boolean(),
});
export type UnmatchedCallback = z.infer<typeof UnmatchedCallbackSchema>;
export const UnmatchedPageSchema = pageOf(UnmatchedCallbackSchema);

export const CallbackIdParamsSchema = z.object({
  callbackId: z.coerce.number({ error: moneyOpsMessages.callbackNotFound }).int().positive(),
});

/** POST /api/ops/money/unmatched/{callbackId}/resolve: credit the player it came from. */
export const ResolveUnmatchedRequestSchema = z.object({
  uid: z
    .string({ error: moneyOpsMessages.playerNotFound })
    .trim()
    .min(1, moneyOpsMessages.playerNotFound)
    .max(100),
  reason: ReasonSchema,
});

export const ResolvedCallbackSchema = z.object({ callbackId: z.number(), payment: OpsPaymentSchema });

export const reconciledProviders = ['MPESA', 'CARD', 'AIRTIME'] as const;
/**
 * How a line of the day stands: on one side only, on both with different amounts, matched; or
 * `reversed-in-ledger`, a refund the provider paid out whose refund the ledger put back as failed (the
 * money was given twice).
 */
export const differenceKinds = [
  'provider-only',
  'ledger-only',
  'amount-differs',
  'reversed-in-ledger',
  'matched',
] as const;

/** One transaction of the day, seen by the provider, by the ledger, or both. */
export const ReconciliationLineSchema = z.object({
  provider: z.enum(reconciledProviders),
  /** IN: paid to us; OUT: paid out by us. */
  direction: z.enum(['IN', 'OUT']),
  /** The provider's own reference (M-Pesa receipt, gateway or charge reference). */
  reference: z.string().nullable(),
  intentId: z.string().nullable(),
  phone: z.string().nullable(),
  /** KES. */
  providerAmount: z.number().nullable(),
  ledgerAmount: z.number().nullable(),
  at: z.string(),
  difference: z.enum(differenceKinds),
});
export type ReconciliationLine = z.infer<typeof ReconciliationLineSchema>;

export const ProviderReportSchema = z.object({
  provider: z.enum(reconciledProviders),
  /** Where the provider's figures come from. */
  source: z.string(),
  /** false when the provider's records could not be read (the reason is in `note`). */
  available: z.boolean(),
  note: z.string().nullable(),
  /** KES totals of the day. */
  providerIn: z.number(),
  providerOut: z.number(),
  ledgerIn: z.number(),
  ledgerOut: z.number(),
  matched: z.number(),
  differences: z.array(ReconciliationLineSchema),
});
export type ProviderReport = z.infer<typeof ProviderReportSchema>;

export const ReconciliationQuerySchema = z.object({ day: DaySchema });

/** GET /api/ops/money/reconciliation: the day's report, one part per provider. */
export const ReconciliationReportSchema = z.object({
  day: z.string(),
  timeZone: z.string(),
  providers: z.array(ProviderReportSchema),
});
export type ReconciliationReport = z.infer<typeof ReconciliationReportSchema>;

/** POST /api/ops/money/reconciliation/mpesa-statement: the org portal's statement of a day, as CSV. */
export const MpesaStatementRequestSchema = z.object({
  day: DaySchema,
  csv: z
    .string({ error: moneyOpsMessages.statementEmpty })
    .min(1, moneyOpsMessages.statementEmpty)
    .max(5_000_000),
});

export const StatementSavedSchema = z.object({ day: z.string(), transactions: z.number() });
