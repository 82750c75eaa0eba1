import { formatAmount } from '@playon/shared/format';
import type { WalletTransaction } from '@playon/shared/wallet';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { useTranslation } from '../../../lib/translation';
import { dayLabel, groupHistory, timeOf } from './history-groups';

/** M-Pesa is one word: a line never breaks at its hyphen. */
function Label({ text }: { text: string }) {
  const parts = text.split('M-Pesa');
  return parts.flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <span key={index} className="whitespace-nowrap">
            M-Pesa
          </span>,
          part,
        ],
  );
}

/**
 * One row: what the wallet did (its description, which the server says in the reader's language),
 * signed (+ in, − out), or, for a payment made by M-Pesa, card or airtime, the amount without a sign
 * and how it was paid, since the balance never held it. The amount floats so a long label takes the
 * row's whole width below it.
 */
function TransactionRow({ transaction }: { transaction: WalletTransaction }) {
  const { t } = useTranslation();
  const isOutside = transaction.walletEffect === 'NONE';
  const isCredit = !isOutside && transaction.direction === 'CREDIT';
  const sign = isOutside ? '' : isCredit ? '+ ' : '\u2212 ';
  const amountTone = isOutside ? 'text-muted' : isCredit ? 'text-ok' : 'text-text';
  const details = [
    timeOf(transaction.createdAt),
    transaction.fee ? t('wallet.feeIncluded', { fee: formatAmount(transaction.fee) }) : null,
    transaction.walletEffect === 'HELD' ? t('wallet.onItsWay') : null,
  ].filter((detail) => detail !== null);
  return (
    <li className="flex items-start gap-3 px-4 py-3">
      <span
        className={`flex size-9 shrink-0 items-center justify-center rounded-full ${isCredit ? 'bg-ok/15 text-ok' : 'bg-raised text-muted'}`}
      >
        <Icon name={isOutside ? 'coins' : isCredit ? 'arrowDown' : 'arrowUp'} className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="float-right ml-3 text-right">
          <p className={`text-sm font-semibold whitespace-nowrap tabular-nums ${amountTone}`}>
            {sign}kes {formatAmount(transaction.amount)}
          </p>
          {transaction.paidWith ? (
            <p className="mt-0.5 text-xs text-muted">{t(`wallet.paidWith.${transaction.paidWith}`)}</p>
          ) : null}
        </div>
        <p className="text-sm font-medium break-words">
          <Label text={transaction.transactionDesc} />
        </p>
        <p className="mt-0.5 text-xs text-muted">{details.join(' · ')}</p>
      </div>
    </li>
  );
}

/**
 * The wallet's history, grouped by day, each day with its closing balance when the balance now is
 * known; only transactions whose payments and payouts all succeeded, and withdrawals on their way.
 */
export function TransactionHistory({
  transactions,
  balance,
}: {
  transactions: readonly WalletTransaction[];
  balance?: number | undefined;
}) {
  const { t } = useTranslation();
  const groups = groupHistory(transactions, balance);
  if (groups.length === 0) return <EmptyState text={t('wallet.empty')} icon="wallet" />;
  return (
    <div className="flex flex-col gap-5">
      {groups.map((group) => {
        const label = dayLabel(group.day);
        return (
          <section key={group.day} aria-label={label}>
            <div className="mb-2 flex items-baseline justify-between gap-3 px-1">
              <h3 className="text-xs font-semibold tracking-wider text-muted uppercase">
                {label === 'today' || label === 'yesterday' ? t(`wallet.${label}`) : label}
              </h3>
              {group.closingBalance === undefined ? null : (
                <p className="text-xs text-muted tabular-nums">
                  {t('wallet.closingBalance', { balance: formatAmount(group.closingBalance) })}
                </p>
              )}
            </div>
            <ul className="divide-y divide-line overflow-hidden rounded-2xl bg-surface ring-1 ring-line">
              {group.transactions.map((transaction) => (
                <TransactionRow key={transaction.id} transaction={transaction} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
