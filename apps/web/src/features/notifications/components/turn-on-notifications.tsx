import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { canAskForNotifications, setUpPush } from '../../../lib/push';

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
    <div className="mb-4 flex items-center gap-3 rounded-2xl bg-brand/15 p-3 ring-1 ring-brand/40">
      <p className="flex-1 text-sm">{t('notifications.turnOnHint')}</p>
      <Button variant="secondary" className="h-10 shrink-0 px-3 text-sm" isBusy={isAsking} onClick={turnOn}>
        {t('notifications.turnOn')}
      </Button>
    </div>
  );
}
