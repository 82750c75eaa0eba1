import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { LazyKeptRuns } from '../../../components/offline-play/lazy-kept-runs';
import { Avatar } from '../../../components/ui/avatar';
import { BottomNav } from '../../../components/ui/bottom-nav';
import { Icon } from '../../../components/ui/icon';
import { Skeleton } from '../../../components/ui/skeleton';
import { SkipLink } from '../../../components/ui/skip-link';
import { useGames } from '../../../lib/games-list';
import { hasKeptRuns } from '../../../lib/kept-runs';
import { useTranslation } from '../../../lib/translation';
import { useProfile } from '../../../lib/use-session';
import { useEvents } from '../api/get-events';
import { useRecentGames } from '../api/get-recent-games';
import { EVENTS_CONTROLS_ROW, EventsSlider } from '../components/events-slider';
import { GameShelf } from '../components/game-shelf';
import { InstallBanner } from '../components/install-banner';

// The menu's code comes when it is first opened (the service worker has usually kept it by then): it is
// no part of what the home screen shows, and its links, sign-out and focus trap are a tenth of the screen.
const SideMenu = lazy(() =>
  import('../components/side-menu').then(({ SideMenu }) => ({ default: SideMenu })),
);

export function Component() {
  const { t } = useTranslation();
  const profile = useProfile();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const firstName = profile?.name?.trim().split(/\s+/)[0];
  const events = useEvents();
  const recent = useRecentGames();
  const featured = useGames({ featured: true });

  return (
    <>
      <SkipLink />
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 bg-ink/95 px-1 backdrop-blur">
        <button
          type="button"
          aria-label={t('nav.menu')}
          aria-expanded={isMenuOpen}
          onClick={() => setMenuOpen(true)}
          className="tap flex items-center justify-center rounded-lg"
        >
          <Icon name="menu" />
        </button>
        <span className="flex-1 text-lg font-black tracking-tight">
          Play<span className="text-accent">On</span>
        </span>
      </header>
      <main className="mx-auto max-w-md px-5 pt-4 pb-24">
        <div className="flex items-center gap-4 rounded-2xl bg-gradient-to-br from-brand/35 via-surface to-surface p-4 ring-1 ring-line">
          <Avatar src={profile?.profilePic} size={56} />
          <div className="min-w-0">
            <h1 className="text-xl font-bold [overflow-wrap:anywhere]">
              {firstName ? t('dashboard.greeting', { name: firstName }) : t('dashboard.greetingFallback')}
            </h1>
            <p className="text-sm text-muted">{t('dashboard.subtitle')}</p>
          </div>
        </div>
        {/* Scores a game kept on this phone: sent from here, and a refused one says why (its code loads only then). */}
        {hasKeptRuns() ? (
          <Suspense fallback={null}>
            <LazyKeptRuns className="mt-6" />
          </Suspense>
        ) : null}
        {events.isPending ? (
          <div className="mt-6">
            <Skeleton className="aspect-[12/5] w-full rounded-2xl" />
            <div className={EVENTS_CONTROLS_ROW} />
          </div>
        ) : events.data && events.data.length > 0 ? (
          <EventsSlider events={events.data} />
        ) : null}
        <GameShelf
          title={t('dashboard.recentlyPlayed')}
          emptyText={t('dashboard.recentlyPlayedEmpty')}
          games={recent.data}
          isError={recent.isError}
          onRetry={() => void recent.refetch()}
        />
        <GameShelf
          title={t('dashboard.featured')}
          emptyText={t('dashboard.featuredEmpty')}
          games={featured.data}
          isError={featured.isError}
          onRetry={() => void featured.refetch()}
          action={
            <Link to="/games" className="tap -my-2 flex items-center text-sm font-semibold text-accent">
              {t('dashboard.allGames')}
            </Link>
          }
        />
      </main>
      <InstallBanner />
      <BottomNav />
      {isMenuOpen ? (
        <Suspense fallback={null}>
          <SideMenu onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
