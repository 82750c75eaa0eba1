import type { TransactionType } from '@playon/shared/payments';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Header } from '../../../components/ui/header';
import { Skeleton } from '../../../components/ui/skeleton';
import { failedQueries } from '../../../lib/failed-queries';
import { historyIndex } from '../../../lib/history-index';
import { useTranslation } from '../../../lib/translation';
import { usePreloadScreen } from '../../../lib/use-preload-screen';
import { useProfile } from '../../../lib/use-session';
import { useBalance } from '../api/get-balance';
import { useTransactions } from '../api/get-transactions';
import { BalanceCard } from '../components/balance-card';
import { TransactionHistory } from '../components/transaction-history';

function HistorySkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-2">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useProfile();
  const balance = useBalance();
  const transactions = useTransactions();
  const { hasFailed, retry } = failedQueries(balance, transactions);
  usePreloadScreen('/account/payment/amount');

  const startPayment = (type: TransactionType) =>
    navigate('/account/payment/amount', { state: { type, userId: profile?.uid, flowStart: historyIndex() } });

  return (
    <>
      <Header title={t('wallet.title')} />
      <main className="mx-auto max-w-md px-5 pt-4 pb-10">
        <BalanceCard
          balance={balance.data}
          onWithdraw={() => startPayment('WITHDRAWAL')}
          onTopUp={() => startPayment('TOPUP')}
        />
        <h2 className="mt-8 mb-3 px-1 font-bold">{t('wallet.history')}</h2>
        {hasFailed ? (
          <div className="flex flex-col items-center gap-4 rounded-2xl bg-surface px-6 py-8 text-center ring-1 ring-line">
            <p role="alert" className="text-sm text-muted">
              {t('common.loadFailed')}
            </p>
            <Button variant="secondary" onClick={retry}>
              {t('common.retry')}
            </Button>
          </div>
        ) : transactions.data ? (
          <TransactionHistory transactions={transactions.data} balance={balance.data} />
        ) : (
          <HistorySkeleton />
        )}
      </main>
    </>
  );
}
