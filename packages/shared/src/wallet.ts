import type { TransactionType } from './payments.ts';

/** GET /api/wallets/balance. */
export interface WalletBalance {
  /** KES, two decimals. */
  balance: number;
}

/** One row of GET /api/wallets/list: the spec's transaction plus `direction` (spec-deviations #4). */
export interface WalletTransaction {
  id: string;
  userId: string;
  transactionDesc: string;
  transactionDescId: TransactionType | 'TOPUP_WALLET' | 'BOOST_RECEIVED' | 'WITHDRAWAL_REVERSAL';
  payment: { successful: boolean; mpesaTransactionDate: string | null } | null;
  payout: { successful: boolean; transactionCompletedDateTime: string | null } | null;
  /** KES, positive; `direction` says which way it moved. */
  amount: number;
  direction: 'CREDIT' | 'DEBIT';
  createdAt: string;
  updatedAt: string;
}

/** The history shows a transaction only when it has a payment or payout and every one succeeded. */
export function isShownInHistory(transaction: Pick<WalletTransaction, 'payment' | 'payout'>): boolean {
  const legs = [transaction.payment, transaction.payout].filter((leg) => leg !== null);
  return legs.length > 0 && legs.every((leg) => leg.successful);
}
