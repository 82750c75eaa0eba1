import type { Game } from '@playon/shared/games';
import type { Tournament, TournamentStatus } from '@playon/shared/tournaments';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';

interface TournamentCardProps {
  tournament: Tournament;
  status: TournamentStatus;
  /** The tournament's game, when the catalogue has it. */
  game: Pick<Game, 'name' | 'gameIcon'> | undefined;
}

const actionClass =
  'flex min-h-11 shrink-0 items-center justify-center rounded-xl px-5 text-sm font-semibold active:opacity-80';

/**
 * A tournament: its game, name, description and dates; Play while ongoing, View once expired. A tap
 * anywhere else on the card opens its leaderboard, whatever its state: the name is the
 * link, stretched over the card, and the buttons sit above it.
 */
export function TournamentCard({ tournament, status, game }: TournamentCardProps) {
  const { t } = useTranslation();
  const headingId = `tournament-${tournament.id}`;
  const dateLine = {
    UPCOMING: t('tournaments.starts', { date: formatDateTime(tournament.starts) }),
    ONGOING: t('tournaments.ends', { date: formatDateTime(tournament.ends) }),
    EXPIRED: t('tournaments.ended', { date: formatDateTime(tournament.ends) }),
  }[status];

  return (
    <article aria-labelledby={headingId} className="relative rounded-2xl bg-surface p-4 ring-1 ring-line">
      <div className="flex items-center gap-3">
        {game ? (
          <img
            src={game.gameIcon}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className="size-12 shrink-0 rounded-xl bg-raised object-cover"
          />
        ) : (
          <span className="size-12 shrink-0 rounded-xl bg-raised" />
        )}
        <div className="min-w-0">
          <h3 id={headingId} className="font-bold [overflow-wrap:anywhere]">
            <Link
              to={`/tournaments/leaderboard/${tournament.id}`}
              className="outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-brand"
            >
              {tournament.name}
            </Link>
          </h3>
          <p className="text-sm text-muted [overflow-wrap:anywhere]">{game?.name}</p>
        </div>
      </div>
      <p className="mt-3 text-sm">{tournament.description || t('notices.tournamentNoDescription')}</p>
      <div className="mt-4 flex min-h-11 items-center justify-between gap-3">
        <p className="text-xs text-muted">{dateLine}</p>
        {status === 'ONGOING' ? (
          <Link
            to={`/games/${tournament.gameId}`}
            state={{ tournament }}
            className={`${actionClass} relative z-10 bg-brand text-white`}
          >
            {t('tournaments.play')}
          </Link>
        ) : status === 'EXPIRED' ? (
          <Link
            to={`/tournaments/leaderboard/${tournament.id}`}
            className={`${actionClass} relative z-10 border border-line bg-raised`}
          >
            {t('tournaments.view')}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
