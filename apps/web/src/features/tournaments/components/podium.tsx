import type { LeaderboardEntry } from '@playon/shared/tournaments';
import { Avatar } from '../../../components/ui/avatar';
import { formatPoints } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';

// Read in rank order; shown second, first, third from left to right, the first standing tallest.
const places = [
  { rank: 1, avatar: 72, block: 'h-24', order: 'order-2' },
  { rank: 2, avatar: 56, block: 'h-16', order: 'order-1' },
  { rank: 3, avatar: 56, block: 'h-12', order: 'order-3' },
];

/** The top three: picture, name ('anonymous' without one), points with two decimals. */
export function Podium({ entries }: { entries: readonly LeaderboardEntry[] }) {
  const { t } = useTranslation();
  return (
    <ol aria-label={t('tournaments.leaderboard')} className="mt-6 grid grid-cols-3 items-end gap-2">
      {places.map((place) => {
        const entry = entries.find((candidate) => candidate.rank === place.rank);
        return (
          <li key={place.rank} className={`flex min-w-0 flex-col items-center text-center ${place.order}`}>
            {entry ? (
              <>
                <Avatar src={entry.profilePic} size={place.avatar} />
                <p className="mt-2 w-full text-sm font-semibold [overflow-wrap:anywhere]">
                  {entry.username ?? t('notices.anonymous')}
                </p>
                <p className="text-xs text-accent tabular-nums">
                  {t('tournaments.points', { points: formatPoints(entry.points) })}
                </p>
              </>
            ) : null}
            <div
              aria-hidden="true"
              className={`mt-2 flex w-full items-start justify-center rounded-t-xl bg-raised pt-2 text-xl font-black text-muted ${place.block}`}
            >
              {place.rank}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
