import type { TournamentAward } from '@playon/shared/tournaments';
import { Icon } from '../../../components/ui/icon';
import { useTranslation } from '../../../lib/translation';

const medalColour: Record<TournamentAward['award']['name'], string> = {
  Gold: 'text-[#facc15]',
  Silver: 'text-[#cbd5e1]',
  Bronze: 'text-[#d97706]',
};

/** The prizes: Gold, Silver, Bronze, each with the subscription package it gives. */
export function AwardsRow({ awards }: { awards: readonly TournamentAward[] }) {
  const { t } = useTranslation();
  if (awards.length === 0) return null;
  const byPosition = [...awards].sort((a, b) => a.position - b.position);
  return (
    <section aria-labelledby="prizes" className="mt-5">
      <h2 id="prizes" className="mb-2 text-sm font-semibold text-muted">
        {t('tournaments.prizes')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {byPosition.map((prize) => (
          <li
            key={prize.id}
            className="flex items-center gap-1.5 rounded-full bg-raised px-3 py-1.5 text-sm ring-1 ring-line"
          >
            <Icon name="medal" className={`size-4 ${medalColour[prize.award.name]}`} />
            {t('tournaments.prize', { award: prize.award.name, plan: prize.subscriptionPackage.name })}
          </li>
        ))}
      </ul>
    </section>
  );
}
