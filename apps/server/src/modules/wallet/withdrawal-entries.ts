import { insufficientFundsMessage } from '@playon/shared/wallet';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Journal, Leg } from './journal.ts';
import type { LedgerRepo } from './repo.ts';

export { insufficientFundsMessage };

/**
 * A withdrawal's two phases on the ledger: amount + fee reserved from the wallet when it is asked
 * for, then settled to M-Pesa clearing and fees when the payout went through, or reversed to the
 * wallet when it failed.
 */
export function createWithdrawalEntries(repo: LedgerRepo, { inTx, post }: Journal) {
  return {
    /**
     * First phase of a withdrawal: amount + fee leave the wallet for pending payouts, under the
     * wallet's row lock. INSUFFICIENT_FUNDS when the wallet cannot cover both.
     */
    reserveWithdrawal(
      input: { uid: string; amountCents: bigint; feeCents: bigint; intentId: string; description: string },
      tx?: Db,
    ) {
      return inTx(tx, async (t) => {
        const wallet = await repo.lockWallet(input.uid, t);
        const total = input.amountCents + input.feeCents;
        if (wallet.balance < total) throw new AppError('INSUFFICIENT_FUNDS', insufficientFundsMessage);
        return post(
          t,
          { kind: 'WITHDRAWAL_RESERVE', intentId: input.intentId, description: input.description },
          [
            { leg: { account: wallet.id }, amount: -total },
            { leg: { system: 'PENDING_PAYOUTS' }, amount: total },
          ],
        );
      });
    },

    /** The payout went through: pending → mpesa clearing (amount) and withdrawal fees (fee). */
    settleWithdrawal(
      input: { amountCents: bigint; feeCents: bigint; intentId: string; description: string },
      tx?: Db,
    ) {
      const legs: { leg: Leg; amount: bigint }[] = [
        { leg: { system: 'PENDING_PAYOUTS' }, amount: -(input.amountCents + input.feeCents) },
        { leg: { system: 'MPESA_CLEARING' }, amount: input.amountCents },
      ];
      if (input.feeCents > 0n) legs.push({ leg: { system: 'WITHDRAWAL_FEES' }, amount: input.feeCents });
      return inTx(tx, (t) =>
        post(
          t,
          { kind: 'WITHDRAWAL_SETTLE', intentId: input.intentId, description: input.description },
          legs,
        ),
      );
    },

    /** The payout failed: pending → back to the wallet, amount and fee. */
    reverseWithdrawal(
      input: { uid: string; amountCents: bigint; feeCents: bigint; intentId: string; description: string },
      tx?: Db,
    ) {
      const total = input.amountCents + input.feeCents;
      return inTx(tx, (t) =>
        post(t, { kind: 'WITHDRAWAL_REVERSAL', intentId: input.intentId, description: input.description }, [
          { leg: { system: 'PENDING_PAYOUTS' }, amount: -total },
          { leg: { wallet: input.uid }, amount: total },
        ]),
      );
    },
  };
}
