import { useEffect } from 'react';
import { BottomNav } from '../../../components/ui/bottom-nav';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Header } from '../../../components/ui/header';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { markNotificationsSeen } from '../../../lib/notifications-seen';
import { useTranslation } from '../../../lib/translation';
import { useNotifications } from '../api/get-notifications';
import { NotificationCard } from '../components/notification-card';
import { TurnOnNotifications } from '../components/turn-on-notifications';

/** Notifications (a bottom-nav tab): the player's latest, newest first; new ones join at the top live. */
export function Component() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const latestAt = notifications.data?.[0]?.createdAt;

  useEffect(() => markNotificationsSeen(latestAt), [latestAt]);

  return (
    <>
      <Header title={t('notifications.title')} back={false} />
      <main className="mx-auto max-w-md px-5 pt-5 pb-24">
        <TurnOnNotifications />
        {notifications.isError ? (
          <LoadError onRetry={() => void notifications.refetch()} />
        ) : !notifications.data ? (
          <div aria-hidden="true" className="flex flex-col gap-3">
            {['a', 'b', 'c', 'd'].map((key) => (
              <Skeleton key={key} className="h-24 w-full rounded-2xl" />
            ))}
          </div>
        ) : notifications.data.length === 0 ? (
          <div className="flex flex-col gap-4">
            <EmptyState icon="bell" text={t('notifications.empty')} />
            <Button
              variant="secondary"
              className="self-center"
              isBusy={notifications.isFetching}
              onClick={() => void notifications.refetch()}
            >
              {t('notifications.refresh')}
            </Button>
          </div>
        ) : (
          <ul className="flex flex-col gap-3">
            {notifications.data.map((notification) => (
              <li key={notification.id}>
                <NotificationCard notification={notification} />
              </li>
            ))}
          </ul>
        )}
      </main>
      <BottomNav />
    </>
  );
}
