import { heldPlans, type SubscriptionPackage } from '@playon/shared/subscriptions';
import { Icon } from '../../../components/ui/icon';
import { formatList } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';
import { endOf, useSubscriptions } from '../../../lib/user-subscriptions';

const HOUR_MS = 3_600_000;

/**
 * Before paying for a plan, what the player already holds and what this one does beside it, as the
 * server does it: the same plan again is added to the end of the current one; another plan does not
 * extend or replace anything, it runs alongside from payment.
 */
export function HeldPlansNote({ plan }: { plan: SubscriptionPackage }) {
  const { t } = useTranslation();
  const subscriptions = useSubscriptions();
  const held = heldPlans(subscriptions.data ?? []);
  if (held.length === 0) return null;
  const until = (iso: string) => {
    const end = endOf(iso);
    return t(`subscriptions.until.${end.day}`, end);
  };
  const same = held.find((subscription) => subscription.subscriptionPackage.id === plan.id);
  const extendedTo = same && new Date(new Date(same.expiresAt).getTime() + plan.duration * HOUR_MS);
  return (
    <div role="note" className="mt-4 flex gap-3 rounded-2xl bg-accent/10 p-4 text-sm ring-1 ring-accent/30">
      <Icon name="crown" className="mt-0.5 size-5 shrink-0 text-accent" />
      <div className="flex flex-col gap-1.5">
        <p className="font-semibold">
          {t('payment.alreadyHave', {
            plans: formatList(held.map((h) => `${h.subscriptionPackage.name} ${until(h.expiresAt)}`)),
          })}
        </p>
        <p className="text-muted">
          {extendedTo
            ? t('payment.extends', {
                name: plan.name,
                hours: plan.duration,
                until: until(extendedTo.toISOString()),
              })
            : t('payment.runsAlongside', { name: plan.name, hours: plan.duration, count: held.length })}
        </p>
      </div>
    </div>
  );
}
