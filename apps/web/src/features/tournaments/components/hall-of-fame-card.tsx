import type { HallOfFameEntry } from '@playon/shared/tournaments';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { usePublicUsers } from '../../../lib/public-users';
import { useTranslation } from '../../../lib/translation';

/** A hall-of-fame entry: title, description and its members, first place first, each looked up. */
export function HallOfFameCard({ entry }: { entry: HallOfFameEntry }) {
  const { t } = useTranslation();
  const members = usePublicUsers(entry.members);
  const headingId = `fame-${entry.id}`;

  return (
    <article aria-labelledby={headingId} className="rounded-2xl bg-surface p-4 ring-1 ring-line">
      <h2 id={headingId} className="font-bold">
        {entry.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{entry.description}</p>
      {entry.members.length > 0 ? (
        <ul aria-label={t('hallOfFame.winners')} className="mt-4 flex flex-wrap gap-4">
          {entry.members.map((memberId) => {
            const lookup = members.get(memberId);
            const member = lookup ?? null;
            const label = member?.username ?? member?.name ?? t('notices.anonymous');
            return (
              <li key={memberId} className="flex w-16 flex-col items-center gap-1.5 text-center">
                <Avatar src={member?.profilePic} size={48} />
                <span className="w-full text-xs [overflow-wrap:anywhere]">
                  {lookup === undefined ? '\u00a0' : label}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {entry.tournamentId !== null ? (
        <Link
          to={`/tournaments/leaderboard/${entry.tournamentId}`}
          className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-accent"
        >
          {t('hallOfFame.viewLeaderboard')}
        </Link>
      ) : null}
    </article>
  );
}
