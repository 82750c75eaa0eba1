import type { Db } from '../../../platform/db.ts';
import type { SubscriptionService } from '../../subscriptions/service.ts';
import type { ClearingAccount, WalletService } from '../../wallet/service.ts';
import type { ProviderName } from '../events.ts';
import type { IntentRow } from './repo.ts';

type Ledger = Pick<
  WalletService,
  | 'creditFromMpesa'
  | 'creditFromCard'
  | 'boostFromWallet'
  | 'boostFromProvider'
  | 'subscriptionFromWallet'
  | 'subscriptionFromProvider'
  | 'settleWithdrawal'
  | 'reverseWithdrawal'
  | 'reverseRefund'
  | 'settleRefundToCard'
>;

/**
 * What a final intent does to the ledger, whatever paid it, in the caller's transaction (the one
 * that moves the intent): a top-up credits the wallet, a boost the friend's wallet, a subscription
 * pays subscription revenue and activates the package, a withdrawal (or a refund sent by M-Pesa or
 * to the card) settles its reservation; a failed one gives the reservation back. A refund's own entry is written
 * with it (refunds.ts). Nothing else moves money when an intent ends.
 */
export function createPostings({
  wallet,
  subscriptions,
  providerOf,
}: {
  wallet: Ledger;
  subscriptions: Pick<SubscriptionService, 'activateSubscription'>;
  /** The provider of a method (providers/compose.ts); undefined for the wallet. */
  providerOf: (methodCode: string) => { name: ProviderName; clearing: ClearingAccount } | undefined;
}) {
  return {
    /** The ledger entry (and the subscription) of an intent that just became COMPLETED. */
    async completed(done: IntentRow, paidAt: Date, tx: Db): Promise<void> {
      const money = { amountCents: done.amountCents, intentId: done.id };
      const provider = providerOf(done.methodCode);
      switch (done.type) {
        case 'TOPUP': {
          if (provider?.name === 'CARD') {
            await wallet.creditFromCard({ ...money, uid: done.walletUid, description: 'Top up by card' }, tx);
            return;
          }
          if (provider?.name !== 'MPESA') throw new Error(`a top-up cannot be paid with ${done.methodCode}`);
          await wallet.creditFromMpesa(
            { ...money, uid: done.walletUid, description: 'Top up from M-Pesa' },
            tx,
          );
          return;
        }
        case 'BOOST': {
          // By uid: the ledger outlives usernames, which players may change.
          const description = `Boost from ${done.playerUid} to ${done.walletUid}`;
          if (done.methodCode === 'WALLET') {
            await wallet.boostFromWallet(
              { ...money, payerUid: done.playerUid, friendUid: done.walletUid, description },
              tx,
            );
            return;
          }
          if (!provider || provider.name === 'AIRTIME')
            throw new Error(`a boost cannot be paid with ${done.methodCode}`);
          await wallet.boostFromProvider(
            { ...money, clearing: provider.clearing, friendUid: done.walletUid, description },
            tx,
          );
          return;
        }
        case 'SUBSCRIPTION': {
          if (done.packageId === null) throw new Error(`subscription intent ${done.id} has no package`);
          const description = `Subscription (package ${done.packageId})`;
          if (done.methodCode === 'WALLET') {
            await wallet.subscriptionFromWallet({ ...money, uid: done.walletUid, description }, tx);
          } else {
            if (!provider) throw new Error(`a subscription cannot be paid with ${done.methodCode}`);
            await wallet.subscriptionFromProvider({ ...money, clearing: provider.clearing, description }, tx);
          }
          await subscriptions.activateSubscription(
            { uid: done.walletUid, packageId: done.packageId, intentId: done.id, paidAt },
            tx,
          );
          return;
        }
        case 'WITHDRAWAL':
          await wallet.settleWithdrawal(
            { ...money, feeCents: done.feeCents, description: 'Withdrawal to M-Pesa' },
            tx,
          );
          return;
        case 'REFUND':
          // To the wallet: its REFUND entry is the whole of it, written when it was made.
          if (done.methodCode === 'CARD') {
            await wallet.settleRefundToCard({ ...money, description: 'Refund sent to the card' }, tx);
            return;
          }
          if (done.methodCode !== 'MPESA') return;
          await wallet.settleWithdrawal({ ...money, feeCents: 0n, description: 'Refund sent to M-Pesa' }, tx);
          return;
        default:
          throw new Error(`intent ${done.id} of type ${done.type} is not a payment`);
      }
    },

    /**
     * What an intent that just failed gives back: a withdrawal's reservation returns to the wallet, a
     * refund's to where the refund took it from.
     */
    async failed(row: IntentRow, tx: Db): Promise<void> {
      if (row.type === 'REFUND') {
        await wallet.reverseRefund({ intentId: row.id, description: 'Refund not sent: money put back' }, tx);
        return;
      }
      if (row.type !== 'WITHDRAWAL') return;
      await wallet.reverseWithdrawal(
        {
          amountCents: row.amountCents,
          feeCents: row.feeCents,
          intentId: row.id,
          uid: row.walletUid,
          description: 'Withdrawal reversed',
        },
        tx,
      );
    },
  };
}

export type Postings = ReturnType<typeof createPostings>;
