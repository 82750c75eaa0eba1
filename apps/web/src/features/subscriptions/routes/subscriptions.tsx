import { heldPlans, type SubscriptionPackage } from '@playon/shared/subscriptions';
import { useNavigate } from 'react-router';
import { BottomNav } from '../../../components/ui/bottom-nav';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Header } from '../../../components/ui/header';
import { Skeleton } from '../../../components/ui/skeleton';
import { failedQueries } from '../../../lib/failed-queries';
import { historyIndex } from '../../../lib/history-index';
import { useSubscriptionPackages } from '../../../lib/subscription-packages';
import { useTranslation } from '../../../lib/translation';
import { useSubscriptions } from '../../../lib/user-subscriptions';
import { PlanCard } from '../components/plan-card';

function PlansSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-4">
      {['a', 'b', 'c', 'd'].map((key) => (
        <Skeleton key={key} className="h-36 w-full rounded-2xl" />
      ))}
    </div>
  );
}

/** Subscriptions: the daily plans, each 'Subscribed' while the player holds it, otherwise 'Choose'. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const plans = useSubscriptionPackages();
  const subscriptions = useSubscriptions();
  const { hasFailed, retry } = failedQueries(plans, subscriptions);

  const choose = (plan: SubscriptionPackage) =>
    navigate('/account/payment/review', {
      state: {
        type: 'SUBSCRIPTION',
        amount: plan.amount,
        subscriptionId: String(plan.id),
        flowStart: historyIndex(),
        flowStartPath: '/account/subscription',
      },
    });

  return (
    <>
      <Header title={t('subscriptions.title')} />
      <main className="mx-auto max-w-md px-5 pt-5 pb-24">
        <p className="mb-6 text-muted">{t('subscriptions.intro')}</p>
        {hasFailed ? (
          <div className="flex flex-col items-center gap-4 rounded-2xl bg-surface px-6 py-8 text-center ring-1 ring-line">
            <p role="alert" className="text-sm text-muted">
              {t('common.loadFailed')}
            </p>
            <Button variant="secondary" onClick={retry}>
              {t('common.retry')}
            </Button>
          </div>
        ) : plans.data && subscriptions.data ? (
          plans.data.length === 0 ? (
            <EmptyState icon="crown" text={t('subscriptions.empty')} />
          ) : (
            <div className="flex flex-col gap-4">
              {plans.data.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  heldUntil={
                    heldPlans(subscriptions.data).find((held) => held.subscriptionPackage.id === plan.id)
                      ?.expiresAt
                  }
                  onChoose={() => choose(plan)}
                />
              ))}
            </div>
          )
        ) : (
          <PlansSkeleton />
        )}
      </main>
      <BottomNav />
    </>
  );
}
