import type { Game } from '@playon/shared/games';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { GameCard, GameCardSkeleton } from '../../../components/ui/game-card';
import { LoadError } from '../../../components/ui/load-error';

interface GameShelfProps {
  title: string;
  emptyText: string;
  /** Undefined while loading. */
  games: Game[] | undefined;
  isError: boolean;
  onRetry: () => void;
  /** A link beside the title, such as 'All games'. */
  action?: ReactNode;
}

const CARD_WIDTH = 'w-36 shrink-0 snap-start';

/**
 * At least the height of the row of cards it stands in for (an invisible card shares its grid cell),
 * so the shelves below stay where the skeletons put them when a shelf turns out empty.
 */
function AsTallAsCards({ children }: { children: ReactNode }) {
  return (
    <div className="grid pb-2">
      <div aria-hidden="true" className={`invisible col-start-1 row-start-1 ${CARD_WIDTH}`}>
        <GameCardSkeleton />
      </div>
      <div className="col-start-1 row-start-1 grid">{children}</div>
    </div>
  );
}

/** A titled row of game cards that scrolls sideways; fixed card sizes, so loading moves nothing. */
export function GameShelf({ title, emptyText, games, isError, onRetry, action }: GameShelfProps) {
  const headingId = `shelf-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold">
          {title}
        </h2>
        {action}
      </div>
      {isError ? (
        <AsTallAsCards>
          <LoadError onRetry={onRetry} />
        </AsTallAsCards>
      ) : games && games.length === 0 ? (
        <AsTallAsCards>
          <EmptyState text={emptyText} />
        </AsTallAsCards>
      ) : (
        <ul className="-mx-5 flex snap-x gap-3 overflow-x-auto px-5 pb-2">
          {games
            ? games.map((game) => (
                <li key={game.id} className={CARD_WIDTH}>
                  <GameCard game={game} />
                </li>
              ))
            : ['a', 'b', 'c'].map((key) => (
                <li key={key} className={CARD_WIDTH}>
                  <GameCardSkeleton />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
