import type { Language } from '@playon/shared/i18n/language';
import { recordText } from '@playon/shared/i18n/records-sw';
import { type PaymentIntent, toKes } from '@playon/shared/payments';
import { outsidePaymentMethods, type WalletTransaction } from '@playon/shared/wallet';
import { AppError } from '../../platform/errors.ts';
import type { Player } from '../auth/service.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';
import type { WalletService } from '../wallet/service.ts';
import type { IntentRepo } from './intents/repo.ts';
import { toPaymentIntent } from './intents/wire.ts';
import { paymentMessages } from './messages.ts';
import type { PlayerDirectory } from './players.ts';
import { refundRow } from './refund-history.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const viaMethod: Record<string, string> = {
  MPESA: 'from M-Pesa',
  CARD: 'by card',
  SAFARICOM_CREDIT: 'with airtime',
};

/** A payment the player made by M-Pesa, card or airtime never passed through their wallet. */
function paidFrom(methodCode: string): Pick<WalletTransaction, 'walletEffect' | 'paidWith'> {
  const outside = outsidePaymentMethods.find((code) => code === methodCode);
  return outside ? { walletEffect: 'NONE', paidWith: outside } : { walletEffect: 'MOVES', paidWith: null };
}
const movesWallet = { walletEffect: 'MOVES', paidWith: null } as const;

/** What a player reads: one intent (the waiting page), the wallet's history. */
export function createHistory({
  intents,
  wallet,
  players,
  subscriptions,
}: {
  intents: Pick<IntentRepo, 'byId' | 'historyOf'>;
  wallet: Pick<WalletService, 'entriesOfIntents'>;
  players: PlayerDirectory;
  subscriptions: Pick<SubscriptionService, 'packageById'>;
}) {
  return {
    /**
     * The waiting page's task, for the player who started it only: a boost's friend sees the money in
     * their history, never the payer's intent (its card checkout page, its messages).
     */
    async intentOf(player: Player, id: string): Promise<PaymentIntent> {
      const row = /^[0-9a-f-]{36}$/i.test(id) ? await intents.byId(id) : undefined;
      // A refund is an operator's, not a payment the player is waiting for.
      if (!row || row.playerUid !== player.uid || row.type === 'REFUND')
        throw new AppError('NOT_FOUND', paymentMessages.notFound);
      return toPaymentIntent(row);
    },

    /**
     * Transactions (docs/product.md, "Transaction") plus direction, newest first: intents, and a
     * credit for each reversal. Their descriptions are written in English and said in `language`, as
     * the hall of fame's are (ADR 0063).
     */
    async transactionsOf(player: Player, language: Language = 'en'): Promise<WalletTransaction[]> {
      const listed = await intents.historyOf(player.uid, 200);
      const names = await players.playersByUid(listed.flatMap((i) => [i.playerUid, i.walletUid]));
      const username = (uid: string) => names.get(uid)?.username ?? 'a friend';
      const packageNames = new Map<number, string>();
      for (const id of new Set(listed.flatMap((i) => (i.packageId === null ? [] : [i.packageId])))) {
        const pkg = await subscriptions.packageById(id);
        if (pkg) packageNames.set(id, pkg.name);
      }
      const entries = await wallet.entriesOfIntents(listed.map((i) => i.id));
      const reversals = new Map(
        entries.filter((e) => e.kind === 'WITHDRAWAL_REVERSAL').map((e) => [e.intentId, e.createdAt]),
      );
      // A withdrawal neither settled nor reversed still holds its amount and fee out of the balance.
      const ended = new Set(
        entries
          .filter((e) => e.kind === 'WITHDRAWAL_SETTLE' || e.kind === 'WITHDRAWAL_REVERSAL')
          .map((e) => e.intentId),
      );
      const list: WalletTransaction[] = [];
      for (const intent of listed) {
        const base = {
          userId: intent.walletUid,
          createdAt: intent.createdAt.toISOString(),
          updatedAt: intent.updatedAt.toISOString(),
        };
        const completed = intent.status === 'COMPLETED';
        const paid = {
          successful: completed,
          mpesaTransactionDate: iso(intent.providerCompletedAt) ?? (completed ? base.updatedAt : null),
        };
        const amount = toKes(intent.amountCents);
        const via = viaMethod[intent.methodCode];
        if (intent.type === 'REFUND') {
          const refunded = intent.refundOf ? await intents.byId(intent.refundOf) : undefined;
          list.push(refundRow(intent, player.uid, refunded, username));
          continue;
        }
        if (intent.type === 'BOOST') {
          const received = intent.walletUid === player.uid;
          list.push({
            ...base,
            id: intent.id,
            transactionDesc: received
              ? `Boost from ${username(intent.playerUid)}`
              : `Boost to ${username(intent.walletUid)}${via ? ` ${via}` : ''}`,
            transactionDescId: received ? 'BOOST_RECEIVED' : 'BOOST',
            payment: paid,
            payout: null,
            amount,
            direction: received ? 'CREDIT' : 'DEBIT',
            ...(received ? movesWallet : paidFrom(intent.methodCode)),
          });
          continue;
        }
        if (intent.type === 'SUBSCRIPTION') {
          const name = intent.packageId === null ? undefined : packageNames.get(intent.packageId);
          list.push({
            ...base,
            id: intent.id,
            transactionDesc: `${name ?? 'Daily'} package${via ? ` ${via}` : ''}`,
            transactionDescId: 'SUBSCRIPTION',
            payment: paid,
            payout: null,
            amount,
            direction: 'DEBIT',
            ...paidFrom(intent.methodCode),
          });
          continue;
        }
        if (intent.type === 'TOPUP') {
          list.push({
            ...base,
            id: intent.id,
            transactionDesc: intent.methodCode === 'CARD' ? 'Top up by card' : 'Top up from M-Pesa',
            transactionDescId: 'TOPUP_WALLET',
            payment: {
              successful: completed,
              mpesaTransactionDate: iso(intent.providerCompletedAt) ?? (completed ? base.updatedAt : null),
            },
            payout: null,
            amount: toKes(intent.amountCents),
            direction: 'CREDIT',
            ...movesWallet,
          });
          continue;
        }
        const total = toKes(intent.amountCents + intent.feeCents);
        const reversedAt = reversals.get(intent.id);
        list.push({
          ...base,
          id: intent.id,
          transactionDesc: 'Withdrawal to M-Pesa',
          transactionDescId: 'WITHDRAWAL',
          payment: null,
          payout: {
            successful: completed,
            transactionCompletedDateTime:
              iso(intent.providerCompletedAt) ?? (completed ? base.updatedAt : null),
          },
          amount: total,
          fee: toKes(intent.feeCents),
          direction: 'DEBIT',
          walletEffect: ended.has(intent.id) ? 'MOVES' : 'HELD',
          paidWith: null,
        });
        if (reversedAt) {
          list.push({
            ...base,
            id: `${intent.id}-reversal`,
            transactionDesc: 'Withdrawal reversed',
            transactionDescId: 'WITHDRAWAL_REVERSAL',
            payment: null,
            payout: { successful: false, transactionCompletedDateTime: null },
            amount: total,
            fee: toKes(intent.feeCents),
            direction: 'CREDIT',
            ...movesWallet,
            createdAt: reversedAt.toISOString(),
          });
        }
      }
      return list
        .map((row) => ({ ...row, transactionDesc: recordText(row.transactionDesc, language) }))
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
    },
  };
}
