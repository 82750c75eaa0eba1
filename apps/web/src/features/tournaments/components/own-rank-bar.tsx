import type { OwnRank } from '@playon/shared/tournaments';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { formatPoints } from '../../../lib/format';

/** The player's own place, pinned to the bottom of the screen wherever the list is scrolled. */
export function OwnRankBar({ rank, profilePic }: { rank: OwnRank; profilePic: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t('tournaments.you')}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-brand/60 bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <div className="mx-auto flex h-16 max-w-md items-center gap-3 px-5">
        <Avatar src={profilePic} size={36} />
        <p className="min-w-0 flex-1 truncate font-semibold">
          {t('tournaments.yourRank', { rank: rank.rank, total: rank.totalElements })}
        </p>
        <p className="shrink-0 text-sm font-semibold text-accent tabular-nums">
          {t('tournaments.points', { points: formatPoints(rank.points) })}
        </p>
      </div>
    </aside>
  );
}
