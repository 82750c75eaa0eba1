import { formatAmount } from '@playon/shared/format';
import type { WalletTransaction } from '@playon/shared/wallet';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { dayLabel, groupHistory, timeOf } from './history-groups';

function TransactionRow({ transaction }: { transaction: WalletTransaction }) {
  const isCredit = transaction.direction === 'CREDIT';
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <span
        className={`flex size-9 shrink-0 items-center justify-center rounded-full ${isCredit ? 'bg-ok/15 text-ok' : 'bg-raised text-muted'}`}
      >
        <Icon name={isCredit ? 'arrowDown' : 'arrowUp'} className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 font-medium break-words">{transaction.transactionDesc}</p>
        <p className="text-xs text-muted">{timeOf(transaction.createdAt)}</p>
      </div>
      <p className={`shrink-0 font-semibold tabular-nums ${isCredit ? 'text-ok' : 'text-text'}`}>
        {isCredit ? '+' : '\u2212'} kes {formatAmount(transaction.amount)}
      </p>
    </li>
  );
}

/** The wallet's history, grouped by day; only transactions whose payments and payouts all succeeded. */
export function TransactionHistory({ transactions }: { transactions: readonly WalletTransaction[] }) {
  const { t } = useTranslation();
  const groups = groupHistory(transactions);
  if (groups.length === 0) return <EmptyState text={t('wallet.empty')} icon="wallet" />;
  return (
    <div className="flex flex-col gap-5">
      {groups.map((group) => {
        const label = dayLabel(group.day);
        return (
          <section key={group.day} aria-label={label}>
            <h3 className="mb-2 px-1 text-xs font-semibold tracking-wider text-muted uppercase">
              {label === 'today' || label === 'yesterday' ? t(`wallet.${label}`) : label}
            </h3>
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
