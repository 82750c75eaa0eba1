import { z } from 'zod';
import { transactionTypes } from './payments.ts';

/** GET /api/wallets/balance. */
export const WalletBalanceSchema = z.object({
  /** KES, two decimals. */
  balance: z.number(),
});
export type WalletBalance = z.infer<typeof WalletBalanceSchema>;

/**
 * What a row of the history is: a payment's type, or one of the rows only the history has (a
 * top-up's credit, the friend's side of a boost, a reversed withdrawal).
 */
export const walletTransactionKinds = [
  ...transactionTypes,
  'TOPUP_WALLET',
  'BOOST_RECEIVED',
  'WITHDRAWAL_REVERSAL',
] as const;

/** One row of GET /api/wallets/list: the spec's transaction plus `direction` (spec-deviations #4). */
export const WalletTransactionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  transactionDesc: z.string(),
  transactionDescId: z.enum(walletTransactionKinds),
  payment: z.object({ successful: z.boolean(), mpesaTransactionDate: z.string().nullable() }).nullable(),
  payout: z
    .object({ successful: z.boolean(), transactionCompletedDateTime: z.string().nullable() })
    .nullable(),
  /** KES, positive; `direction` says which way it moved. */
  amount: z.number(),
  direction: z.enum(['CREDIT', 'DEBIT']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WalletTransaction = z.infer<typeof WalletTransactionSchema>;

/** The history shows a transaction only when it has a payment or payout and every one succeeded. */
export function isShownInHistory(transaction: Pick<WalletTransaction, 'payment' | 'payout'>): boolean {
  const legs = [transaction.payment, transaction.payout].filter((leg) => leg !== null);
  return legs.length > 0 && legs.every((leg) => leg.successful);
}
