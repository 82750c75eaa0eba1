import type { Tournament } from '@playon/shared/tournaments';
import { useMemo } from 'react';
import { BottomNav } from '../../../components/ui/bottom-nav';
import { EmptyState } from '../../../components/ui/empty-state';
import { Header } from '../../../components/ui/header';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useGames } from '../../../lib/games-list';
import { useTranslation } from '../../../lib/translation';
import { useTournaments } from '../api/get-tournaments';
import { TournamentCard } from '../components/tournament-card';
import { GROUP_ORDER, groupTournaments } from '../components/tournament-groups';
import { useTournamentClock } from '../components/use-tournament-clock';

const NONE: Tournament[] = [];

function ListSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-4">
      <Skeleton className="h-6 w-28" />
      {['a', 'b', 'c'].map((key) => (
        <Skeleton key={key} className="h-40 w-full rounded-2xl" />
      ))}
    </div>
  );
}

/** Tournaments, grouped Upcoming, Ongoing and Expired by the clock; a group changes at each start and end. */
export function Component() {
  const { t } = useTranslation();
  const tournaments = useTournaments();
  // Only for each card's game icon and name: without it the cards still show.
  const games = useGames();
  const list = tournaments.data ?? NONE;
  const now = useTournamentClock(list);
  const groups = useMemo(() => groupTournaments(list, now), [list, now]);
  const gameById = useMemo(() => new Map(games.data?.map((game) => [game.id, game] as const)), [games.data]);

  return (
    <>
      <Header title={t('tournaments.title')} />
      <main className="mx-auto max-w-md px-5 pt-5 pb-24">
        {tournaments.isError ? (
          <LoadError onRetry={() => void tournaments.refetch()} />
        ) : !tournaments.data ? (
          <ListSkeleton />
        ) : list.length === 0 ? (
          <EmptyState icon="trophy" text={t('tournaments.empty')} />
        ) : (
          GROUP_ORDER.filter((status) => groups[status].length > 0).map((status) => (
            <section key={status} aria-labelledby={`group-${status}`} className="mb-8">
              <h2 id={`group-${status}`} className="mb-3 text-lg font-bold">
                {t(`tournaments.groups.${status}`)}
              </h2>
              <ul className="flex flex-col gap-3">
                {groups[status].map((tournament) => (
                  <li key={tournament.id}>
                    <TournamentCard
                      tournament={tournament}
                      status={status}
                      game={gameById.get(tournament.gameId)}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </main>
      <BottomNav />
    </>
  );
}
