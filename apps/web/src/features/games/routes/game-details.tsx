import { Suspense } from 'react';
import { useLocation, useParams } from 'react-router';
import { LazyKeptRuns } from '../../../components/offline-play/lazy-kept-runs';
import { Button } from '../../../components/ui/button';
import { Header } from '../../../components/ui/header';
import { Icon } from '../../../components/ui/icon';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { hasKeptRuns } from '../../../lib/kept-runs';
import { useTranslation } from '../../../lib/translation';
import { useGame } from '../api/get-game';
import { readTournamentState } from '../components/tournament-state';
import { Trailer } from '../components/trailer';
import { usePlayNow } from '../components/use-play-now';

function DetailsSkeleton() {
  return (
    <div aria-hidden="true">
      <Skeleton className="aspect-[853/480] w-full rounded-2xl" />
      <Skeleton className="mt-5 h-7 w-48" />
      <Skeleton className="mt-2 h-4 w-36" />
      <Skeleton className="mt-4 h-16 w-full" />
    </div>
  );
}

/** Game details: trailer, name, package id, description and 'Play now' (for a tournament when one came in). */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const tournament = readTournamentState(useLocation().state);
  const game = useGame(id);
  const { playNow, isStarting } = usePlayNow(game.data, tournament);

  return (
    <>
      <Header title={game.data?.name ?? t('games.title')} />
      <main className="mx-auto max-w-md px-5 pt-4 pb-10">
        {game.isError ? (
          <LoadError text={t('notices.gameFetchFailed')} onRetry={() => void game.refetch()} />
        ) : game.data ? (
          <>
            <Trailer game={game.data} />
            {tournament ? (
              <p className="mt-4 flex items-center gap-2 rounded-xl bg-brand/15 px-3 py-2.5 text-sm">
                <Icon name="trophy" className="size-5 shrink-0 text-accent" />
                {t('games.forTournament', { name: tournament.name })}
              </p>
            ) : null}
            <div className="mt-5 flex items-start justify-between gap-3">
              <h2 className="text-2xl font-extrabold">{game.data.name}</h2>
              {game.data.access === 'SUBSCRIPTION' ? (
                <span className="mt-1 shrink-0 rounded-full bg-brand px-2.5 py-0.5 text-xs font-semibold text-white">
                  {t('games.subscribers')}
                </span>
              ) : null}
            </div>
            <p className="mt-1 text-sm text-muted">
              {t('games.packageId')}: <span className="font-mono">{game.data.packageId}</span>
            </p>
            <p className="mt-4 whitespace-pre-line">{game.data.description}</p>
            <Button isBusy={isStarting} onClick={playNow} className="mt-8 w-full">
              <Icon name="play" className="size-5" />
              {t('games.playNow')}
            </Button>
            {hasKeptRuns() ? (
              <Suspense fallback={null}>
                <LazyKeptRuns className="mt-6" />
              </Suspense>
            ) : null}
          </>
        ) : (
          <DetailsSkeleton />
        )}
      </main>
    </>
  );
}
