import { formatAmount } from '@playon/shared/format';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTranslation } from '../../../lib/translation';

interface BalanceCardProps {
  balance: number | undefined;
  onWithdraw: () => void;
  onTopUp: () => void;
}

/** The balance in kes with two decimals, and the two ways to move it. */
export function BalanceCard({ balance, onWithdraw, onTopUp }: BalanceCardProps) {
  const { t } = useTranslation();
  return (
    <section className="rounded-2xl bg-gradient-to-br from-brand/40 via-surface to-surface p-5 ring-1 ring-line">
      <h2 className="text-sm font-medium text-muted">{t('wallet.balance')}</h2>
      {balance === undefined ? (
        <Skeleton className="mt-2 h-9 w-44" />
      ) : (
        <p className="mt-1 text-3xl font-extrabold tabular-nums" data-testid="balance">
          <span className="mr-1.5 text-lg font-semibold text-muted">kes</span>
          {formatAmount(balance)}
        </p>
      )}
      <div className="mt-5 grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={onWithdraw}>
          {t('wallet.withdraw')}
        </Button>
        <Button onClick={onTopUp}>{t('wallet.topUp')}</Button>
      </div>
    </section>
  );
}
