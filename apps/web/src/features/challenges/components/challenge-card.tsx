import type { ChallengeListItem, ChallengeStatus } from '@playon/shared/challenges';
import { Link } from 'react-router';
import { formatPoints } from '../../../lib/format';
import { useChallengeTranslation } from './texts';

const badgeClass: Record<ChallengeStatus, string> = {
  open: 'bg-brand/15 text-accent',
  won: 'bg-ok/15 text-ok',
  lost: 'bg-danger/15 text-danger',
  tied: 'bg-raised text-text',
  expired: 'bg-raised text-muted',
};

/** One line of the challenges list: the game, the other player, both scores and how it ended. */
export function ChallengeCard({ item }: { item: ChallengeListItem }) {
  const { t } = useChallengeTranslation();
  const headingId = `challenge-${item.code}-${item.direction}-${item.opponent ?? 'link'}`;
  const scores =
    item.myPoints !== null && item.opponentPoints !== null
      ? t('challenges.scores', {
          mine: formatPoints(item.myPoints),
          name: item.opponent ?? '',
          theirs: formatPoints(item.opponentPoints),
        })
      : item.myPoints !== null
        ? t('challenges.yourScoreOnly', { points: formatPoints(item.myPoints) })
        : t('challenges.toBeat', { points: formatPoints(item.opponentPoints ?? 0) });

  return (
    <article aria-labelledby={headingId} className="relative rounded-2xl bg-surface p-4 ring-1 ring-line">
      <div className="flex items-center gap-3">
        <img
          src={item.gameIcon}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="size-12 shrink-0 rounded-xl bg-raised object-cover"
        />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-bold [overflow-wrap:anywhere]">
            <Link
              to={`/challenges/${item.code}`}
              className="outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-brand"
            >
              {item.opponent ? t('challenges.against', { name: item.opponent }) : t('challenges.link')}
            </Link>
          </h2>
          <p className="text-sm text-muted [overflow-wrap:anywhere]">{item.gameName}</p>
        </div>
        <span className={`shrink-0 rounded-full px-3 py-1 text-xs font-semibold ${badgeClass[item.status]}`}>
          {t(`challenges.status.${item.status}`)}
        </span>
      </div>
      <p className="mt-3 text-sm">{scores}</p>
    </article>
  );
}
