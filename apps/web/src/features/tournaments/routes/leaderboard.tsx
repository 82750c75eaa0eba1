import { tournamentStatusAt } from '@playon/shared/tournaments';
import { useMemo } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Header } from '../../../components/ui/header';
import { Icon } from '../../../components/ui/icon';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTranslation } from '../../../lib/translation';
import { useProfile } from '../../../lib/use-session';
import { useAwards } from '../api/get-awards';
import { useLeaderboard } from '../api/get-leaderboard';
import { useOwnRank } from '../api/get-own-rank';
import { useTournament } from '../api/get-tournament';
import { AwardsRow } from '../components/awards-row';
import { LeaderboardRows } from '../components/leaderboard-rows';
import { leaderboardTournamentId } from '../components/leaderboard-target';
import { OwnRankLine, PinnedOwnRow } from '../components/own-rank-bar';
import { Podium } from '../components/podium';
import { useLiveLeaderboard } from '../components/use-live-leaderboard';
import { useRankedEntries } from '../components/use-ranked-entries';
import { useTournamentClock } from '../components/use-tournament-clock';

function BoardSkeleton() {
  return (
    <div aria-hidden="true" className="mt-6 flex flex-col gap-2">
      <Skeleton className="h-44 w-full rounded-2xl" />
      {['a', 'b', 'c'].map((key) => (
        <Skeleton key={key} className="h-14 w-full rounded-xl" />
      ))}
    </div>
  );
}

function Leaderboard({ tournamentId }: { tournamentId: number }) {
  const { t } = useTranslation();
  const profile = useProfile();
  const tournament = useTournament(tournamentId);
  const awards = useAwards(tournamentId);
  const board = useLeaderboard(tournamentId);
  const ownRank = useOwnRank(tournamentId);
  const { podium, rest } = useRankedEntries(board.data?.pages);
  const watched = useMemo(() => (tournament.data ? [tournament.data] : []), [tournament.data]);
  const now = useTournamentClock(watched);
  const isOngoing = tournament.data !== undefined && tournamentStatusAt(tournament.data, now) === 'ONGOING';
  useLiveLeaderboard(tournamentId, isOngoing);
  const isOwnRowLoaded =
    profile !== null && [...podium, ...rest].some((entry) => entry.userId === profile.uid);

  return (
    <>
      <Header
        title={tournament.data?.name ?? t('tournaments.leaderboard')}
        {...(tournament.data ? { subtitle: t('tournaments.leaderboard') } : {})}
      />
      <main className="mx-auto max-w-md px-5 pt-4 pb-24">
        {tournament.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : (
          <p className="text-muted">{tournament.data?.description || t('notices.tournamentNoDescription')}</p>
        )}
        {isOngoing && tournament.data ? (
          <Link
            to={`/games/${tournament.data.gameId}`}
            state={{ tournament: tournament.data }}
            className="mt-4 flex h-12 items-center justify-center gap-2 rounded-xl bg-brand font-semibold text-white active:bg-brand-strong"
          >
            <Icon name="play" className="size-5" />
            {t('tournaments.play')}
          </Link>
        ) : null}
        {ownRank.data ? <OwnRankLine rank={ownRank.data} /> : null}
        <AwardsRow awards={awards.data ?? []} />
        {board.isError ? (
          <div className="mt-6">
            <LoadError onRetry={() => void board.refetch()} />
          </div>
        ) : board.isPending ? (
          <BoardSkeleton />
        ) : podium.length + rest.length === 0 ? (
          <div className="mt-6">
            <EmptyState icon="trophy" text={t('notices.noLeaderboard')} />
          </div>
        ) : (
          <>
            <Podium entries={podium} />
            <LeaderboardRows entries={rest} ownUserId={profile?.uid} />
            {board.hasNextPage ? (
              <Button
                variant="secondary"
                isBusy={board.isFetchingNextPage}
                onClick={() => void board.fetchNextPage()}
                className="mt-4 w-full"
              >
                {t('tournaments.loadMore')}
              </Button>
            ) : null}
          </>
        )}
      </main>
      {ownRank.data && !board.isPending && !isOwnRowLoaded ? (
        <PinnedOwnRow rank={ownRank.data} player={profile} />
      ) : null}
    </>
  );
}

/** A tournament's leaderboard: /tournaments/leaderboard/{id}, or the id in navigation state. */
export function Component() {
  const { id } = useParams();
  const { state } = useLocation();
  const tournamentId = leaderboardTournamentId(id, state);
  if (tournamentId === undefined) return <Navigate to="/tournaments" replace />;
  return <Leaderboard key={tournamentId} tournamentId={tournamentId} />;
}
