import { z } from 'zod';
import {
  type PaymentMethodCode,
  paymentMethodCodes,
  type TransactionType,
  transactionTypes,
} from './payment-kinds.ts';

export { type PaymentMethodCode, paymentMethodCodes, type TransactionType, transactionTypes };

/** GET /api/payment-methods/list. */
export const PaymentMethodSchema = z.object({
  id: z.number(),
  code: z.enum(paymentMethodCodes),
  name: z.string(),
  /** false for methods shown as coming soon: PAYPAL, and one whose provider the server does not run (ADR 0077). */
  available: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/**
 * What a payment intent may be: what a player asks for, and a refund an operator made,
 * which only the console and the wallet's history show.
 */
export const intentTypes = [...transactionTypes, 'REFUND'] as const;
export type IntentType = (typeof intentTypes)[number];

/** Which methods each type may use (docs/product.md, "Payment methods by type"). */
export const methodsByType: Record<TransactionType, readonly PaymentMethodCode[]> = {
  WITHDRAWAL: ['MPESA'],
  TOPUP: ['MPESA', 'CARD'],
  BOOST: ['MPESA', 'CARD', 'WALLET'],
  SUBSCRIPTION: ['MPESA', 'CARD', 'WALLET', 'SAFARICOM_CREDIT'],
};

export const isMethodAllowed = (type: TransactionType, code: PaymentMethodCode): boolean =>
  methodsByType[type].includes(code);

/** The waiting page's task: a payment intent's lifecycle (docs/api.md, "Wallet and payments"). */
export const intentStatuses = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'ERROR', 'CANCELLED'] as const;
export type IntentStatus = (typeof intentStatuses)[number];
export const isFinalStatus = (status: IntentStatus): boolean =>
  status === 'COMPLETED' || status === 'ERROR' || status === 'CANCELLED';

/** What every payment POST answers with, and GET /api/payments/{id}. */
export const PaymentIntentSchema = z.object({
  id: z.string(),
  status: z.enum(intentStatuses),
  type: z.enum(transactionTypes),
  /** KES, at most two decimals. */
  amount: z.number(),
  /** KES; the withdrawal fee, 0 otherwise. */
  fee: z.number(),
  /** Why it failed or what to do now; null while there is nothing to say. */
  message: z.string().nullable(),
  /** A card payment's hosted checkout page (the card issue). */
  txGwSessionUrl: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentIntent = z.infer<typeof PaymentIntentSchema>;

/**
 * Pushed over /ws on every intent change (docs/api.md, "Wallet and payments"), one of the realtime messages
 * (realtime.ts): the intent's id, status and message as GET /api/payments/{id} answers them.
 */
export const TaskMessageSchema = z.object({
  type: z.literal('task'),
  ...PaymentIntentSchema.pick({ id: true, status: true, message: true }).shape,
});
export type TaskMessage = z.infer<typeof TaskMessageSchema>;

/**
 * A payment's id in a path: the UUID the server handed out (any version, as PostgreSQL's uuid reads
 * it). Anything else is refused before it reaches a query.
 */
export const PaymentParamsSchema = z.object({ id: z.guid({ error: 'This is not a payment id.' }) });

/** Header every money-moving POST carries; the web app makes one per confirmation. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IdempotencyKeySchema = z
  .string({ error: 'Every payment request needs an Idempotency-Key header.' })
  .trim()
  .min(8, 'The Idempotency-Key header must be 8 to 128 characters.')
  .max(128, 'The Idempotency-Key header must be 8 to 128 characters.');

/** Kenyan mobile numbers in any common form, normalised to 2547XXXXXXXX / 2541XXXXXXXX. */
export function normaliseKenyanPhone(input: string): string | null {
  const digits = input.replace(/[\s()-]/g, '').replace(/^\+/, '');
  const match = /^(?:254|0)?([71]\d{8})$/.exec(digits);
  return match ? `254${match[1]}` : null;
}

export const invalidSafaricomPhoneMessage = 'Please enter a valid Safaricom number, like 0712 345 678.';

export const MpesaPhoneSchema = z
  .string({ error: 'Enter your phone' })
  .trim()
  .min(1, 'Enter your phone')
  .transform((value, ctx) => {
    const phone = normaliseKenyanPhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: invalidSafaricomPhoneMessage });
      return z.NEVER;
    }
    return phone;
  });

/** Whole shillings only on M-Pesa legs; the keypad has no decimals. */
export const AmountSchema = z
  .number({ error: 'Please enter an amount.' })
  .positive('Please enter an amount.')
  .refine((amount) => Number.isInteger(amount), 'Please enter a whole number of shillings.');

export const TopUpRequestSchema = z.object({
  paymentMethodId: z.number({ error: 'Please choose a payment method.' }).int().positive(),
  amount: AmountSchema,
  mpesaPhoneNumber: MpesaPhoneSchema.optional(),
  /** The player whose wallet is credited: the caller for a top-up, a friend for a boost. */
  userId: z.string().min(1).optional(),
});
export type TopUpRequest = z.input<typeof TopUpRequestSchema>;

export const WithdrawRequestSchema = z.object({
  paymentMethodId: z.number({ error: 'Please choose a payment method.' }).int().positive(),
  amount: AmountSchema,
  mpesaPhoneNumber: MpesaPhoneSchema,
});
export type WithdrawRequest = z.input<typeof WithdrawRequestSchema>;

/** KES ↔ integer cents at the edge; inside, money is always cents. */
export const toCents = (kes: number): bigint => BigInt(Math.round(kes * 100));
export const toKes = (cents: bigint | number): number => Number(cents) / 100;

/**
 * What a player reads when a payment is refused for its pace (docs/api.md): too many payments
 * started (429 RATE_LIMITED), too many prompts to one phone (429 RATE_LIMITED), or a prompt still
 * open on that phone (409 CONFLICT, on the mpesaPhoneNumber field).
 */
export const paymentPaceMessages = {
  tooManyPayments: 'You have started too many payments in a short time. Please wait a minute and try again.',
  tooManyPrompts:
    'Too many payment requests were sent to this phone. Please wait a while and try again, or use another number.',
  promptOpen: 'A payment request is still waiting on this phone. Answer it or let it expire, then try again.',
} as const;
