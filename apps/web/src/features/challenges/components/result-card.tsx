import type { ChallengeResult } from '@playon/shared/challenges';
import { formatPoints } from '../../../lib/format';
import { useChallengeTranslation } from './texts';

const outcomeClass = { won: 'text-ok', lost: 'text-danger', tied: 'text-text' } as const;

/** One result side by side: the viewer's score beside the other player's, and how it ended. */
export function ResultCard({ result }: { result: ChallengeResult }) {
  const { t } = useChallengeTranslation();
  const side = (name: string, points: number, isWinner: boolean) => (
    <div
      className={`flex-1 rounded-xl p-3 text-center ${isWinner ? 'bg-brand/15 ring-1 ring-brand' : 'bg-raised'}`}
    >
      <p className="text-sm text-muted [overflow-wrap:anywhere]">{name}</p>
      <p className="mt-1 text-2xl font-extrabold tabular-nums">{formatPoints(points)}</p>
    </div>
  );
  return (
    <section
      aria-label={t('challenges.against', { name: result.opponent })}
      className="rounded-2xl bg-surface p-4 ring-1 ring-line"
      data-testid="challenge-result"
    >
      <p className={`mb-3 text-center text-lg font-bold ${outcomeClass[result.outcome]}`}>
        {t(`challenges.outcome.${result.outcome}`)}
      </p>
      <div className="flex items-stretch gap-3">
        {side(t('challenges.you'), result.myPoints, result.outcome === 'won')}
        {side(result.opponent, result.opponentPoints, result.outcome === 'lost')}
      </div>
    </section>
  );
}
