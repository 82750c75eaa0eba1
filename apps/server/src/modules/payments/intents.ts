import { type PaymentIntent, toKes } from '@playon/shared/payments';
import type { WalletTransaction } from '@playon/shared/wallet';
import { AppError } from '../../platform/errors.ts';
import type { Player } from '../auth/service.ts';
import { type PaymentContext, paymentMessages, toPaymentIntent } from './context.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What a player reads: one intent, the balance, the wallet's history. */
export function createIntentReads({ repo, wallet }: PaymentContext) {
  return {
    async intentOf(player: Player, id: string): Promise<PaymentIntent> {
      const row = /^[0-9a-f-]{36}$/i.test(id) ? await repo.byId(id) : undefined;
      if (!row || (row.playerUid !== player.uid && row.walletUid !== player.uid))
        throw new AppError('NOT_FOUND', paymentMessages.notFound);
      return toPaymentIntent(row);
    },

    async balanceOf(player: Player) {
      return { balance: toKes(await wallet.balanceOf(player.uid)) };
    },

    /** The spec's transactions plus direction, newest first: intents, and a credit for each reversal. */
    async transactionsOf(player: Player): Promise<WalletTransaction[]> {
      const intents = await repo.listForWallet(player.uid, 200);
      const entries = await wallet.entriesOfIntents(intents.map((i) => i.id));
      const reversals = new Map(
        entries.filter((e) => e.kind === 'WITHDRAWAL_REVERSAL').map((e) => [e.intentId, e.createdAt]),
      );
      const list: WalletTransaction[] = [];
      for (const intent of intents) {
        const base = {
          userId: intent.walletUid,
          createdAt: intent.createdAt.toISOString(),
          updatedAt: intent.updatedAt.toISOString(),
        };
        const completed = intent.status === 'COMPLETED';
        if (intent.type === 'TOPUP') {
          list.push({
            ...base,
            id: intent.id,
            transactionDesc: 'Top up from M-Pesa',
            transactionDescId: 'TOPUP_WALLET',
            payment: {
              successful: completed,
              mpesaTransactionDate: iso(intent.providerCompletedAt) ?? (completed ? base.updatedAt : null),
            },
            payout: null,
            amount: toKes(intent.amountCents),
            direction: 'CREDIT',
          });
          continue;
        }
        const total = toKes(intent.amountCents + intent.feeCents);
        const reversedAt = reversals.get(intent.id);
        list.push({
          ...base,
          id: intent.id,
          transactionDesc: `Withdrawal to M-Pesa (fee KES ${toKes(intent.feeCents).toFixed(2)})`,
          transactionDescId: 'WITHDRAWAL',
          payment: null,
          payout: {
            successful: completed,
            transactionCompletedDateTime:
              iso(intent.providerCompletedAt) ?? (completed ? base.updatedAt : null),
          },
          amount: total,
          direction: 'DEBIT',
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
            direction: 'CREDIT',
            createdAt: reversedAt.toISOString(),
          });
        }
      }
      return list.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
    },
  };
}
