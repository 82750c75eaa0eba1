import { z } from 'zod';
import { transactionTypes } from './payment-kinds.ts';

/** GET /api/wallets/balance. */
export const WalletBalanceSchema = z.object({
  /** KES, two decimals. */
  balance: z.number(),
});
export type WalletBalance = z.infer<typeof WalletBalanceSchema>;

/**
 * What a row of the history is: a payment's type, or one of the rows only the history has (a
 * top-up's credit, the friend's side of a boost, a reversed withdrawal, a refund an operator made).
 */
export const walletTransactionKinds = [
  ...transactionTypes,
  'TOPUP_WALLET',
  'BOOST_RECEIVED',
  'WITHDRAWAL_REVERSAL',
  'REFUND',
] as const;

/** A withdrawal the balance cannot cover with its fee: the server refuses it, the review screen first. */
export const insufficientFundsMessage = 'Your wallet balance is not enough for this withdrawal and its fee.';

/** The ways to pay from outside the wallet: what they pay never passes through its balance. */
export const outsidePaymentMethods = ['MPESA', 'CARD', 'SAFARICOM_CREDIT'] as const;

/**
 * What a row of the history did to the wallet's balance (docs/api.md, "Wallet and payments"), so
 * the history adds up to the balance:
 * - MOVES: it moves the balance by `amount` in `direction` (once its payment or payout succeeded);
 * - HELD: a withdrawal on its way to M-Pesa, whose amount and fee are already out of the balance;
 * - NONE: a payment made from outside the wallet (`paidWith` says how); the balance never held it.
 */
export const walletEffects = ['MOVES', 'HELD', 'NONE'] as const;

/**
 * One row of GET /api/wallets/list: a transaction (docs/product.md, "Transaction") plus `direction`,
 * `walletEffect` and `paidWith` (docs/api.md, "Wallet and payments").
 */
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
  /** KES: the fee a withdrawal's amount includes, said under its label. */
  fee: z.number().optional(),
  direction: z.enum(['CREDIT', 'DEBIT']),
  walletEffect: z.enum(walletEffects),
  /** The outside method that paid a NONE row (M-Pesa, card, Safaricom airtime); null for the others. */
  paidWith: z.enum(outsidePaymentMethods).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WalletTransaction = z.infer<typeof WalletTransactionSchema>;

/**
 * The history shows a transaction only when it has a payment or payout and every one succeeded
 * (docs/product.md, "Transaction history"), and a withdrawal still on its way: its money has left the balance already.
 */
export function isShownInHistory(
  transaction: Pick<WalletTransaction, 'payment' | 'payout' | 'walletEffect'>,
): boolean {
  if (transaction.walletEffect === 'HELD') return true;
  const legs = [transaction.payment, transaction.payout].filter((leg) => leg !== null);
  return legs.length > 0 && legs.every((leg) => leg.successful);
}
