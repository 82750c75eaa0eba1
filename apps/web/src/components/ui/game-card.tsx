import type { Game } from '@playon/shared/games';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { Skeleton } from './skeleton';

const ICON_SIZE = 96;
const cardClass = 'flex flex-col items-center rounded-2xl bg-surface p-3 ring-1 ring-line';

interface GameCardProps {
  game: Pick<Game, 'id' | 'name' | 'gameIcon' | 'access'>;
  /** The card's width (a fixed one on a shelf, the column's in a grid). */
  className?: string;
  headingLevel?: 'h2' | 'h3';
}

/** A game: icon, name, a 'Subscribers' badge when it needs a plan, and 'View game' (its details). */
export function GameCard({ game, className = '', headingLevel: Heading = 'h3' }: GameCardProps) {
  const { t } = useTranslation();
  const headingId = `game-${game.id}-${Heading}`;
  return (
    <article aria-labelledby={headingId} className={`${cardClass} ${className}`}>
      <div className="relative">
        <img
          src={game.gameIcon}
          alt=""
          width={ICON_SIZE}
          height={ICON_SIZE}
          loading="lazy"
          decoding="async"
          className="size-24 rounded-2xl bg-raised object-cover"
        />
        {game.access === 'SUBSCRIPTION' ? (
          <span className="absolute -top-1.5 -right-6 rounded-full bg-brand px-2 py-0.5 text-[11px] font-semibold text-white">
            {t('games.subscribers')}
          </span>
        ) : null}
      </div>
      <Heading
        id={headingId}
        className="mt-2 min-h-10 w-full text-center [overflow-wrap:anywhere] text-sm leading-5 font-semibold"
      >
        {game.name}
      </Heading>
      <Link
        to={`/games/${game.id}`}
        className="mt-2 flex min-h-11 w-full items-center justify-center rounded-xl bg-brand text-sm font-semibold text-white active:bg-brand-strong"
      >
        {t('games.viewGame')}
      </Link>
    </article>
  );
}

/** A game card's placeholder, the same size as the card so nothing moves when the games arrive. */
export function GameCardSkeleton({ className = '' }: { className?: string }) {
  return (
    <div aria-hidden="true" className={`${cardClass} ${className}`}>
      <Skeleton className="size-24 rounded-2xl" />
      <Skeleton className="mt-2 h-10 w-20" />
      <Skeleton className="mt-2 h-11 w-full rounded-xl" />
    </div>
  );
}
