import { formatAmount } from '@playon/shared/format';
import type { SubscriptionPackage } from '@playon/shared/subscriptions';
import { Icon } from '../../../components/ui/icon';
import { useTranslation } from '../../../lib/translation';
import { endOf } from '../../../lib/user-subscriptions';

interface PlanCardProps {
  plan: SubscriptionPackage;
  /** When the player holds this plan: the moment it ends. */
  heldUntil: string | undefined;
  onChoose: () => void;
}

/**
 * One daily plan: name, price per day, what it gives, and 'Subscribed' (green) with when it ends, or
 * 'Choose'.
 */
export function PlanCard({ plan, heldUntil, onChoose }: PlanCardProps) {
  const { t } = useTranslation();
  const end = heldUntil ? endOf(heldUntil) : undefined;
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className={`relative rounded-2xl bg-surface p-4 ring-1 ${plan.popular ? 'ring-brand' : 'ring-line'}`}
    >
      {plan.popular ? (
        <span className="absolute -top-2.5 right-4 inline-flex items-center gap-1 rounded-full bg-brand px-2.5 py-0.5 text-xs font-semibold text-white">
          <Icon name="star" className="size-3.5" />
          {t('subscriptions.popular')}
        </span>
      ) : null}
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={`plan-${plan.id}`} className="text-lg font-bold">
          {plan.name}
        </h2>
        <p className="shrink-0 font-semibold text-accent tabular-nums">
          {t('subscriptions.perDay', { amount: formatAmount(plan.amount) })}
        </p>
      </div>
      <p className="mt-1.5 text-sm text-muted">{plan.description}</p>
      <div className="mt-4 flex items-center justify-end gap-2">
        {end ? (
          <>
            <span className="flex-1 text-xs text-muted">{t(`subscriptions.until.${end.day}`, end)}</span>
            <span className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl bg-ok/15 px-3 text-sm font-semibold text-ok">
              <Icon name="check" className="size-4" />
              {t('subscriptions.subscribed')}
            </span>
          </>
        ) : (
          <button
            type="button"
            onClick={onChoose}
            className="min-h-11 rounded-xl bg-brand px-5 text-sm font-semibold text-white active:bg-brand-strong"
          >
            {t('subscriptions.choose')}
          </button>
        )}
      </div>
    </article>
  );
}
