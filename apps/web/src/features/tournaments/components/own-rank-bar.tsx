import type { OwnRank } from '@playon/shared/tournaments';
import { useTranslation } from '../../../lib/translation';
import { LeaderboardRow } from './leaderboard-rows';

interface OwnRowProps {
  rank: OwnRank;
  player: { uid: string; username: string | null; profilePic: string | null } | null;
}

/** The player's place above the board: what they come back to after a game. */
export function OwnRankLine({ rank }: Pick<OwnRowProps, 'rank'>) {
  const { t } = useTranslation();
  return (
    <p className="mt-4 rounded-xl bg-brand/15 px-4 py-2 text-center font-semibold">
      {t('tournaments.yourRank', { rank: rank.rank, total: rank.totalElements })}
    </p>
  );
}

/**
 * The player's own row, pinned to the bottom of the screen while it is not among the rows loaded
 * (further down than Load More has gone): rank, picture, name and points, as in the list.
 */
export function PinnedOwnRow({ rank, player }: OwnRowProps) {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t('tournaments.you')}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-brand/60 bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ol className="mx-auto max-w-md px-3 py-1">
        <LeaderboardRow
          entry={{
            rank: rank.rank,
            points: rank.points,
            userId: player?.uid ?? '',
            username: player?.username ?? null,
            profilePic: player?.profilePic ?? null,
          }}
          isOwn
        />
      </ol>
    </aside>
  );
}
