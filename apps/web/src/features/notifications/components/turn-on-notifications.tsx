import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { canAskForNotifications, setUpPush } from '../../../lib/push';
import { useTranslation } from '../../../lib/translation';

/**
 * The browser asks about notifications only after a tap (Chrome ignores a question on page load), so
 * a player who has not answered yet gets this button; granted, the page reloads and push is set up.
 */
export function TurnOnNotifications() {
  const { t } = useTranslation();
  const [canAsk, setCanAsk] = useState(canAskForNotifications);
  const [isAsking, setAsking] = useState(false);
  if (!canAsk) return null;

  const turnOn = async () => {
    setAsking(true);
    await setUpPush();
    setAsking(false);
    setCanAsk(canAskForNotifications());
  };

  return (
    <div className="mb-4 flex items-start gap-3 rounded-2xl bg-brand/15 p-4 ring-1 ring-brand/40">
      <Icon name="bell" className="mt-0.5 size-5 shrink-0 text-accent" />
      <div className="min-w-0 flex-1">
        <p className="text-sm">{t('notifications.turnOnHint')}</p>
        <Button variant="secondary" className="mt-3 h-10 px-4 text-sm" isBusy={isAsking} onClick={turnOn}>
          {t('notifications.turnOn')}
        </Button>
      </div>
    </div>
  );
}
