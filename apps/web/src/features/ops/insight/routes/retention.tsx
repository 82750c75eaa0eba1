import type { InsightRetention } from '@playon/shared/ops-insight';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/ui/empty-state';
import { useInsight } from '../api/get-insight';
import { ScrollRegion } from '../components/data-table';
import { type Formatters, formatters } from '../components/format';
import { usePeriod } from '../components/period';
import { ReportBar } from '../components/report-bar';
import { ReportState } from '../components/report-state';
import { type InsightT, useInsightTranslation } from '../components/texts';

type Back = { back: number; of: number };

/** A cell coloured by its share (the brand's colour, stronger for more), its figures in words too. */
function ShareCell({ value, t, f }: { value: Back; t: InsightT; f: Formatters }) {
  if (value.of === 0) return <td className="px-3 py-2 text-right text-muted">{t('retention.notYet')}</td>;
  const share = value.back / value.of;
  return (
    <td
      className="px-3 py-2 text-right whitespace-nowrap tabular-nums"
      style={{
        backgroundColor: `color-mix(in srgb, var(--color-brand) ${Math.round(8 + share * 52)}%, transparent)`,
      }}
    >
      {t('retention.cell', { share: f.share(share), back: f.whole(value.back), of: f.whole(value.of) })}
    </td>
  );
}

function Cohorts({ data, t, f }: { data: InsightRetention; t: InsightT; f: Formatters }) {
  if (data.cohorts.length === 0)
    return (
      <EmptyState text={t(data.gameId === null ? 'retention.empty' : 'retention.gameEmpty')} icon="user" />
    );
  return (
    <ScrollRegion label={t('retention.caption')}>
      <table className="w-full min-w-max text-sm">
        <caption className="px-3 py-2 text-left text-sm font-semibold">{t('retention.caption')}</caption>
        <thead className="bg-raised text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {t('retention.week')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {t('retention.players')}
            </th>
            {(['day1', 'day7', 'day30'] as const).map((day) => (
              <th key={day} scope="col" className="px-3 py-2 text-right font-medium">
                {t(`retention.${day}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.cohorts.map((cohort) => (
            <tr key={cohort.week} className="border-t border-line">
              <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap">
                {cohort.week}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{f.whole(cohort.players)}</td>
              <ShareCell value={cohort.day1} t={t} f={f} />
              <ShareCell value={cohort.day7} t={t} f={f} />
              <ShareCell value={cohort.day30} t={t} f={f} />
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** /ops/insight/retention: sign-up cohorts by week, or one game's, and who came back. */
export function Component() {
  const { t, locale } = useInsightTranslation();
  const { period } = usePeriod();
  const [params, setParams] = useSearchParams();
  const gameParam = Number(params.get('game'));
  const gameId = Number.isInteger(gameParam) && gameParam > 0 ? gameParam : undefined;
  const query = useInsight('retention', period, { gameId });
  const id = useId();
  const chooseGame = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('game', value);
        else next.delete('game');
        return next;
      },
      { replace: true },
    );
  return (
    <div className="flex flex-col gap-4">
      <ReportBar t={t} report="retention" period={period} gameId={gameId} foldedAt={query.data?.foldedAt} />
      <p className="text-sm text-muted">{t(gameId ? 'retention.gameIntro' : 'retention.intro')}</p>
      <div className="flex flex-col gap-1 sm:max-w-xs">
        <label htmlFor={id} className="text-sm text-muted">
          {t('retention.game')}
        </label>
        <select
          id={id}
          value={gameId ?? ''}
          onChange={(event) => chooseGame(event.target.value)}
          className="h-11 rounded-lg bg-raised px-3 text-sm ring-1 ring-line"
        >
          <option value="">{t('retention.allPlayers')}</option>
          {query.data?.games.map((game) => (
            <option key={game.id} value={game.id}>
              {game.name}
            </option>
          ))}
        </select>
      </div>
      <ReportState t={t} query={query}>
        {(data) => <Cohorts data={data} t={t} f={formatters(locale)} />}
      </ReportState>
      <p className="text-xs text-muted">{t('retention.notYetHelp')}</p>
    </div>
  );
}
