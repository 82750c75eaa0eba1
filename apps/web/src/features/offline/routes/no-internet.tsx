import { lazy, Suspense } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useTranslation } from '../../../lib/translation';
import { useBack } from '../../../lib/use-back';
import { useBackOnline } from '../components/use-back-online';

/**
 * The games kept for offline play and the scores waiting to send (ADR 0065), for a player: its own
 * chunk, from the service worker's precache. A phone without it yet (a first visit) shows nothing.
 */
const OfflineGames = lazy(() =>
  import('../../../components/offline-play/offline-games').catch(() => ({ default: () => null })),
);

/** /no-internet (docs/product.md, "Offline and waiting screens"): open to everyone, signed in or not. */
export function Component() {
  const { t } = useTranslation();
  const back = useBack('/dashboard');
  useBackOnline();

  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="flex size-20 items-center justify-center rounded-full bg-raised text-muted ring-1 ring-line">
        <Icon name="wifiOff" className="size-10" />
      </span>
      <h1 className="text-2xl font-bold">{t('offline.title')}</h1>
      <p className="text-muted">{t('offline.body')}</p>
      <Button className="mt-4 w-full" onClick={back}>
        {t('common.back')}
      </Button>
      <Suspense>
        <OfflineGames />
      </Suspense>
    </main>
  );
}
