import { toKes } from '@playon/shared/payments';
import type { WalletTransaction } from '@playon/shared/wallet';
import type { IntentRow } from './intents/repo.ts';
import { isFinal } from './intents/states.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A refund an operator made as a row of a player's wallet history: the payer reads it as
 * money back (to the wallet, or to M-Pesa or the card: out of the wallet when it refunds a top-up, from outside
 * otherwise); a boosted friend reads the boost leaving their wallet again.
 */
export function refundRow(
  refund: IntentRow,
  viewer: string,
  refunded: IntentRow | undefined,
  username: (uid: string) => string,
): WalletTransaction {
  const completed = refund.status === 'COMPLETED';
  const when = iso(refund.providerCompletedAt) ?? (completed ? refund.updatedAt.toISOString() : null);
  const base = {
    id: refund.id,
    userId: refund.walletUid,
    transactionDescId: 'REFUND' as const,
    amount: toKes(refund.amountCents),
    createdAt: refund.createdAt.toISOString(),
    updatedAt: refund.updatedAt.toISOString(),
  };
  // Sent out of PlayOn, to M-Pesa or back to the card: both a payout as the history tells it.
  const toMpesa = refund.methodCode === 'MPESA' || refund.methodCode === 'CARD';
  const sentTo = refund.methodCode === 'CARD' ? 'Refund to your card' : 'Refund to M-Pesa';
  if (refund.playerUid !== viewer) {
    return {
      ...base,
      transactionDesc: `Boost from ${username(refund.playerUid)} refunded`,
      payment: toMpesa ? null : { successful: completed, mpesaTransactionDate: when },
      payout: toMpesa ? { successful: completed, transactionCompletedDateTime: when } : null,
      direction: 'DEBIT',
      walletEffect: 'MOVES',
      paidWith: null,
    };
  }
  if (!toMpesa) {
    return {
      ...base,
      transactionDesc: 'Refund to your wallet',
      payment: { successful: completed, mpesaTransactionDate: when },
      payout: null,
      direction: 'CREDIT',
      walletEffect: 'MOVES',
      paidWith: null,
    };
  }
  const payout = { successful: completed, transactionCompletedDateTime: when };
  // A top-up's refund leaves the payer's own wallet, held there until its payout ends.
  if (refunded?.type === 'TOPUP' && refund.walletUid === viewer) {
    return {
      ...base,
      transactionDesc: sentTo,
      payment: null,
      payout,
      direction: 'DEBIT',
      // Settled or put back in the same transaction that made it final.
      walletEffect: isFinal(refund.status) ? 'MOVES' : 'HELD',
      paidWith: null,
    };
  }
  return {
    ...base,
    transactionDesc: sentTo,
    payment: null,
    payout,
    direction: 'CREDIT',
    walletEffect: 'NONE',
    paidWith: refund.methodCode === 'CARD' ? 'CARD' : 'MPESA',
  };
}
