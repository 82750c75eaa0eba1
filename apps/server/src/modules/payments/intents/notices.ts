import { formatAmount } from '@playon/shared/format';
import { toKes } from '@playon/shared/payments';
import type { Db } from '../../../platform/db.ts';
import type { NotificationInput, Notifier } from '../../notifications/service.ts';
import type { SubscriptionService } from '../../subscriptions/service.ts';
import type { PlayerDirectory } from '../players.ts';
import type { IntentRow } from './repo.ts';

const WALLET_URL = '/account/wallet';
const SUBSCRIPTION_URL = '/account/subscription';
const kes = (cents: bigint) => `kes ${formatAmount(toKes(cents))}`;

type Notice = Omit<NotificationInput, 'dedupeKey' | 'kind'>;

/**
 * What the players read when a payment ends, written in the transaction that ends it: the
 * payer about their payment, and a boosted friend about the boost. Dedupe keys follow the intent, so
 * a replayed callback or a second look-up writes nothing more.
 */
export function createPaymentNotices({
  notifications,
  players,
  subscriptions,
}: {
  notifications: Pick<Notifier, 'record'>;
  players: PlayerDirectory;
  subscriptions: Pick<SubscriptionService, 'packageById'>;
}) {
  async function completed(row: IntentRow, tx: Db): Promise<{ payer: Notice; friend?: Notice }> {
    const amount = kes(row.amountCents);
    switch (row.type) {
      case 'BOOST': {
        const names = await players.playersByUid([row.playerUid, row.walletUid], tx);
        const payer = names.get(row.playerUid)?.username;
        const friend = names.get(row.walletUid)?.username;
        return {
          payer: {
            uid: row.playerUid,
            title: 'Boost sent',
            body: `You boosted ${friend ? `${friend}'s` : "your friend's"} wallet with ${amount}.`,
            url: WALLET_URL,
          },
          friend: {
            uid: row.walletUid,
            title: 'You were boosted!',
            body: `${payer ?? 'A friend'} boosted your wallet with ${amount}.`,
            url: WALLET_URL,
          },
        };
      }
      case 'SUBSCRIPTION': {
        const pkg = row.packageId === null ? undefined : await subscriptions.packageById(row.packageId, tx);
        const name = pkg ? `${pkg.name} package` : 'package';
        return {
          payer: {
            uid: row.playerUid,
            title: 'Subscription active',
            body: `Your ${name} is active for ${pkg?.durationHours ?? 24} hours. You paid ${amount}.`,
            url: SUBSCRIPTION_URL,
          },
        };
      }
      case 'REFUND':
        return {
          payer: {
            uid: row.playerUid,
            title: 'Refund received',
            body:
              row.methodCode === 'MPESA'
                ? `${amount} was refunded to your M-Pesa.`
                : row.methodCode === 'CARD'
                  ? `${amount} was refunded to your card.`
                  : `${amount} was refunded to your wallet.`,
            url: WALLET_URL,
          },
        };
      case 'WITHDRAWAL':
        return {
          payer: {
            uid: row.playerUid,
            title: 'Withdrawal sent',
            body: `${amount} was sent to your M-Pesa.`,
            url: WALLET_URL,
          },
        };
      default:
        return {
          payer: {
            uid: row.walletUid,
            title: 'Top up received',
            body: `${amount} is in your wallet.`,
            url: WALLET_URL,
          },
        };
    }
  }

  function failed(row: IntentRow): Notice {
    if (row.type === 'REFUND') {
      // The operator who made it sees it failed and decides again; nothing is taken from the player.
      return {
        uid: row.playerUid,
        title: 'Refund delayed',
        body:
          row.methodCode === 'CARD'
            ? `We could not send your refund of ${kes(row.amountCents)} to your card. Our team will be in touch.`
            : `We could not send your refund of ${kes(row.amountCents)} to M-Pesa. Our team will be in touch.`,
        url: WALLET_URL,
      };
    }
    const failureReason = row.message ?? 'The payment could not be completed. Please try again.';
    if (row.type === 'WITHDRAWAL') {
      // A failed payout is always reversed (postings.ts): the money is back.
      return {
        uid: row.playerUid,
        title: 'Withdrawal not completed',
        body: `${failureReason} Your money is back in your wallet.`,
        url: WALLET_URL,
      };
    }
    const url = row.type === 'SUBSCRIPTION' ? SUBSCRIPTION_URL : WALLET_URL;
    return { uid: row.playerUid, title: 'Payment not completed', body: failureReason, url };
  }

  /** Records the notices of an intent that just reached COMPLETED, ERROR or CANCELLED, in that move's transaction. */
  return async function recordNotices(row: IntentRow, tx: Db): Promise<void> {
    if (row.status !== 'COMPLETED') {
      const notice = failed(row);
      await notifications.record(tx, {
        ...notice,
        kind: 'payment-failed',
        dedupeKey: `payment:${row.id}:failed`,
      });
      return;
    }
    const { payer, friend } = await completed(row, tx);
    await notifications.record(tx, {
      ...payer,
      kind: 'payment-completed',
      dedupeKey: `payment:${row.id}:completed`,
    });
    if (friend) {
      await notifications.record(tx, {
        ...friend,
        kind: 'boost-received',
        dedupeKey: `boost:${row.id}:received`,
      });
    }
  };
}
