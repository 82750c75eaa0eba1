import { BottomNav } from '../../../components/ui/bottom-nav';
import { EmptyState } from '../../../components/ui/empty-state';
import { GameCard, GameCardSkeleton } from '../../../components/ui/game-card';
import { Header } from '../../../components/ui/header';
import { LoadError } from '../../../components/ui/load-error';
import { useGames } from '../../../lib/games-list';
import { useTranslation } from '../../../lib/translation';

/** The catalogue: every game, by name, two to a row. */
export function Component() {
  const { t } = useTranslation();
  const games = useGames();

  return (
    <>
      <Header title={t('games.title')} />
      <main className="mx-auto max-w-md px-5 pt-5 pb-24">
        {games.isError ? (
          <LoadError onRetry={() => void games.refetch()} />
        ) : games.data && games.data.length === 0 ? (
          <EmptyState text={t('games.empty')} />
        ) : (
          <ul className="grid grid-cols-2 gap-3">
            {games.data
              ? games.data.map((game) => (
                  <li key={game.id}>
                    <GameCard game={game} headingLevel="h2" />
                  </li>
                ))
              : ['a', 'b', 'c', 'd'].map((key) => (
                  <li key={key}>
                    <GameCardSkeleton />
                  </li>
                ))}
          </ul>
        )}
      </main>
      <BottomNav />
    </>
  );
}
