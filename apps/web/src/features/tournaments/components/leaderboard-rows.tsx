import type { LeaderboardEntry } from '@playon/shared/tournaments';
import { Avatar } from '../../../components/ui/avatar';
import { formatPoints } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';

/** One place in the ranking: rank, picture, name ('anonymous' without one), points. */
export function LeaderboardRow({ entry, isOwn }: { entry: LeaderboardEntry; isOwn: boolean }) {
  const { t } = useTranslation();
  return (
    <li
      aria-current={isOwn || undefined}
      className={`flex h-14 items-center gap-3 rounded-xl px-3 ${isOwn ? 'bg-brand/20 ring-1 ring-brand' : 'bg-surface'}`}
    >
      <span className="w-8 shrink-0 text-center font-bold text-muted tabular-nums">{entry.rank}</span>
      <Avatar src={entry.profilePic} size={36} />
      <span className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">
        {entry.username ?? t('notices.anonymous')}
      </span>
      <span className="shrink-0 text-sm font-semibold text-accent tabular-nums">
        {t('tournaments.points', { points: formatPoints(entry.points) })}
      </span>
    </li>
  );
}

interface LeaderboardRowsProps {
  entries: readonly LeaderboardEntry[];
  /** The player's uid: their own row stands out. */
  ownUserId: string | undefined;
}

/** The ranking below the podium. */
export function LeaderboardRows({ entries, ownUserId }: LeaderboardRowsProps) {
  if (entries.length === 0) return null;
  return (
    <ol className="mt-6 flex flex-col gap-2">
      {entries.map((entry) => (
        <LeaderboardRow key={entry.userId} entry={entry} isOwn={entry.userId === ownUserId} />
      ))}
    </ol>
  );
}
