import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { promptInstall, useCanInstall } from '../../../lib/install-prompt';
import { useTranslation } from '../../../lib/translation';

const DISMISSED_AT_KEY = 'install_banner_dismissed_at';
/** 'Not now' holds for two weeks; then the offer may show again. */
export const DISMISS_FOR_MS = 14 * 24 * 60 * 60 * 1000;

const isDismissed = () => Date.now() - Number(localStorage.getItem(DISMISSED_AT_KEY) ?? 0) < DISMISS_FOR_MS;

/**
 * Home's install-to-home-screen banner, only while the browser offers installing. It
 * floats above the bottom nav, so the screen under it never moves.
 */
export function InstallBanner() {
  const { t } = useTranslation();
  const canInstall = useCanInstall();
  const [isHidden, setHidden] = useState(isDismissed);
  if (!canInstall || isHidden) return null;

  const dismiss = () => {
    localStorage.setItem(DISMISSED_AT_KEY, String(Date.now()));
    setHidden(true);
  };
  const install = async () => {
    if ((await promptInstall()) === 'dismissed') dismiss();
  };

  return (
    <aside
      aria-label={t('install.title')}
      className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-20 mx-auto max-w-md px-3 pb-3 animate-[toast-in_0.2s_ease-out]"
    >
      <div className="flex items-center gap-3 rounded-2xl bg-raised py-3 pr-2 pl-4 shadow-lg shadow-black/50 ring-1 ring-line">
        <p className="min-w-0 flex-1 text-sm font-semibold">{t('install.title')}</p>
        <Button className="h-10 shrink-0 px-4 text-sm" onClick={install}>
          {t('install.install')}
        </Button>
        <button
          type="button"
          aria-label={t('install.dismiss')}
          onClick={dismiss}
          className="tap flex shrink-0 items-center justify-center rounded-lg text-muted"
        >
          <Icon name="close" className="size-5" />
        </button>
      </div>
    </aside>
  );
}
