import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Journal, SystemAccount } from './journal.ts';
import type { LedgerRepo } from './repo.ts';

/** Where a refund's money is now: the wallet a top-up or boost credited, or subscription revenue. */
export type RefundSource = { wallet: string } | { system: Extract<SystemAccount, 'SUBSCRIPTION_REVENUE'> };
/** Where it goes: the payer's wallet, or pending payouts until its B2C payout or card refund settles. */
export type RefundTarget = { wallet: string } | { system: Extract<SystemAccount, 'PENDING_PAYOUTS'> };

export const refundShortMessage = 'The wallet the money is in holds less than this refund now.';

/**
 * An operator's refund on the ledger: a new balanced entry (REFUND) from where the payment
 * put the money to the payer, never an edit of the payment's own; a refund to the card settles when
 * the gateway processed it (REFUND_SETTLE); a refund by M-Pesa or to the card that failed is mirrored
 * back (REFUND_REVERSAL). Idempotent per refund intent, as every entry is.
 */
export function createRefundEntries(repo: LedgerRepo, { inTx, post }: Journal) {
  return {
    /**
     * Moves `amountCents` from `from` to `to`. Money leaving a wallet does so under its row lock (both
     * wallets locked in uid order when it goes to another), refused with INSUFFICIENT_FUNDS when short.
     */
    refund(
      input: {
        intentId: string;
        from: RefundSource;
        to: RefundTarget;
        amountCents: bigint;
        description: string;
      },
      tx?: Db,
    ) {
      return inTx(tx, async (t) => {
        const wallets = [input.from, input.to].flatMap((side) => ('wallet' in side ? [side.wallet] : []));
        const locked = new Map<string, { id: string; balance: bigint }>();
        for (const uid of [...new Set(wallets)].sort()) locked.set(uid, await repo.lockWallet(uid, t));
        const leg = (side: RefundSource | RefundTarget) => {
          if (!('wallet' in side)) return { system: side.system };
          const wallet = locked.get(side.wallet);
          if (!wallet) throw new Error('wallet missing after lock');
          return { account: wallet.id };
        };
        if ('wallet' in input.from) {
          const source = locked.get(input.from.wallet);
          if (!source || source.balance < input.amountCents)
            throw new AppError('INSUFFICIENT_FUNDS', refundShortMessage);
        }
        return post(t, { kind: 'REFUND', intentId: input.intentId, description: input.description }, [
          { leg: leg(input.from), amount: -input.amountCents },
          { leg: leg(input.to), amount: input.amountCents },
        ]);
      });
    },

    /**
     * A refund to the card the gateway processed: pending payouts → card clearing, as the gateway
     * paid it back from what it holds for us (ADR 0069).
     */
    settleRefundToCard(input: { intentId: string; amountCents: bigint; description: string }, tx?: Db) {
      return inTx(tx, (t) =>
        post(t, { kind: 'REFUND_SETTLE', intentId: input.intentId, description: input.description }, [
          { leg: { system: 'PENDING_PAYOUTS' }, amount: -input.amountCents },
          { leg: { system: 'CARD_CLEARING' }, amount: input.amountCents },
        ]),
      );
    },

    /** A refund by M-Pesa or to the card that failed: its REFUND entry mirrored, so the money is back where it was. */
    reverseRefund(input: { intentId: string; description: string }, tx?: Db) {
      return inTx(tx, async (t) => {
        const legs = await repo.postingsOfEntry(input.intentId, 'REFUND', t);
        if (legs.length === 0) throw new Error(`refund ${input.intentId} has no REFUND entry to reverse`);
        return post(
          t,
          { kind: 'REFUND_REVERSAL', intentId: input.intentId, description: input.description },
          legs.map(({ accountId, amount }) => ({ leg: { account: accountId }, amount: -amount })),
        );
      });
    },
  };
}
