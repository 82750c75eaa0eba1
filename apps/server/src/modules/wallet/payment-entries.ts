import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Journal, SystemAccount } from './journal.ts';
import type { LedgerRepo } from './repo.ts';

export const walletPaymentShortMessage = 'Your wallet balance is not enough for this payment.';

/** The account money from outside passes through: one per payment provider (ADR 0077). */
export type ClearingAccount = Extract<SystemAccount, `${string}_CLEARING`>;

interface Money {
  amountCents: bigint;
  intentId: string;
  description: string;
}

/**
 * The ledger entries of money paid in (top-ups, boosts, subscriptions, by M-Pesa, card, airtime or
 * the wallet): each one balanced journal entry, idempotent per intent and kind; money leaving a
 * wallet does so under the wallet's row lock, refused with INSUFFICIENT_FUNDS when the balance is short.
 */
export function createPaymentEntries(repo: LedgerRepo, { inTx, post }: Journal) {
  return {
    /** A completed M-Pesa top-up: mpesa clearing → the player's wallet. */
    creditFromMpesa(input: Money & { uid: string }, tx?: Db) {
      return inTx(tx, (t) =>
        post(t, { kind: 'TOPUP', intentId: input.intentId, description: input.description }, [
          { leg: { system: 'MPESA_CLEARING' }, amount: -input.amountCents },
          { leg: { wallet: input.uid }, amount: input.amountCents },
        ]),
      );
    },

    /** A completed card top-up: card clearing → the player's wallet. */
    creditFromCard(input: Money & { uid: string }, tx?: Db) {
      return inTx(tx, (t) =>
        post(t, { kind: 'TOPUP', intentId: input.intentId, description: input.description }, [
          { leg: { system: 'CARD_CLEARING' }, amount: -input.amountCents },
          { leg: { wallet: input.uid }, amount: input.amountCents },
        ]),
      );
    },

    /** A boost paid by M-Pesa or card: that provider's clearing → the friend's wallet. */
    boostFromProvider(input: Money & { clearing: ClearingAccount; friendUid: string }, tx?: Db) {
      return inTx(tx, (t) =>
        post(t, { kind: 'BOOST', intentId: input.intentId, description: input.description }, [
          { leg: { system: input.clearing }, amount: -input.amountCents },
          { leg: { wallet: input.friendUid }, amount: input.amountCents },
        ]),
      );
    },

    /**
     * A boost paid from the wallet: the payer's wallet → the friend's wallet. Both wallets are
     * locked in one order (by uid), so two players boosting each other at once cannot deadlock.
     */
    boostFromWallet(input: Money & { payerUid: string; friendUid: string }, tx?: Db) {
      return inTx(tx, async (t) => {
        const locked = new Map<string, { id: string; balance: bigint }>();
        for (const uid of [input.payerUid, input.friendUid].sort()) {
          locked.set(uid, await repo.lockWallet(uid, t));
        }
        const payer = locked.get(input.payerUid);
        const friend = locked.get(input.friendUid);
        if (!payer || !friend) throw new Error('wallet missing after lock');
        if (payer.balance < input.amountCents)
          throw new AppError('INSUFFICIENT_FUNDS', walletPaymentShortMessage);
        return post(t, { kind: 'BOOST', intentId: input.intentId, description: input.description }, [
          { leg: { account: payer.id }, amount: -input.amountCents },
          { leg: { account: friend.id }, amount: input.amountCents },
        ]);
      });
    },

    /** A subscription paid by M-Pesa, card or airtime: that provider's clearing → subscription revenue. */
    subscriptionFromProvider(input: Money & { clearing: ClearingAccount }, tx?: Db) {
      return inTx(tx, (t) =>
        post(t, { kind: 'SUBSCRIPTION', intentId: input.intentId, description: input.description }, [
          { leg: { system: input.clearing }, amount: -input.amountCents },
          { leg: { system: 'SUBSCRIPTION_REVENUE' }, amount: input.amountCents },
        ]),
      );
    },

    /** A subscription paid from the wallet: the wallet (locked) → subscription revenue. */
    subscriptionFromWallet(input: Money & { uid: string }, tx?: Db) {
      return inTx(tx, async (t) => {
        const wallet = await repo.lockWallet(input.uid, t);
        if (wallet.balance < input.amountCents)
          throw new AppError('INSUFFICIENT_FUNDS', walletPaymentShortMessage);
        return post(t, { kind: 'SUBSCRIPTION', intentId: input.intentId, description: input.description }, [
          { leg: { account: wallet.id }, amount: -input.amountCents },
          { leg: { system: 'SUBSCRIPTION_REVENUE' }, amount: input.amountCents },
        ]);
      });
    },
  };
}
