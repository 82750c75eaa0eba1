import type { InsightGames } from '@playon/shared/ops-insight';
import { EmptyState } from '../../../../components/ui/empty-state';
import { useInsight } from '../api/get-insight';
import { DataTable } from '../components/data-table';
import { type Formatters, formatters } from '../components/format';
import { usePeriod } from '../components/period';
import { ReportBar } from '../components/report-bar';
import { ReportState } from '../components/report-state';
import { type InsightT, useInsightTranslation } from '../components/texts';

type Game = InsightGames['games'][number];
type Tournament = InsightGames['tournaments'][number];

function Games({ data, t, f }: { data: InsightGames; t: InsightT; f: Formatters }) {
  const most = Math.max(1, ...data.games.map((g) => g.plays));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t('games.intro')}</p>
      {data.games.length === 0 ? (
        <EmptyState text={t('games.empty')} icon="gamepad" />
      ) : (
        <DataTable<Game>
          caption={t('games.chart')}
          rows={data.games}
          rowKey={(g) => String(g.gameId)}
          columns={[
            { key: 'game', header: t('games.game'), cell: (g) => g.name },
            {
              key: 'plays',
              header: t('games.plays'),
              numeric: true,
              cell: (g) => (
                <span className="flex items-center justify-end gap-2">
                  <svg viewBox="0 0 100 6" preserveAspectRatio="none" className="h-2 w-16" aria-hidden="true">
                    <rect width={(g.plays / most) * 100} height="6" rx="3" className="fill-brand" />
                  </svg>
                  {f.whole(g.plays)}
                </span>
              ),
            },
            { key: 'players', header: t('games.players'), cell: (g) => f.whole(g.players), numeric: true },
            { key: 'finished', header: t('games.finished'), cell: (g) => f.whole(g.finished), numeric: true },
            {
              key: 'length',
              header: t('games.length'),
              cell: (g) =>
                g.meanSeconds === null ? t('games.none') : t('games.seconds', { count: g.meanSeconds }),
              numeric: true,
            },
          ]}
        />
      )}
      <div className="flex flex-col gap-2">
        <h2 id="tournaments" className="text-base font-semibold">
          {t('games.tournaments')}
        </h2>
        <p className="text-xs text-muted">{t('games.tournamentsHelp')}</p>
        {data.tournaments.length === 0 ? (
          <EmptyState text={t('games.noTournaments')} icon="trophy" />
        ) : (
          <DataTable<Tournament>
            caption={t('games.tournaments')}
            captionHidden
            rows={data.tournaments}
            rowKey={(x) => String(x.id)}
            columns={[
              { key: 'name', header: t('games.tournament'), cell: (x) => `${x.name} · ${x.game}` },
              {
                key: 'when',
                header: t('games.when'),
                cell: (x) => `${f.when(x.starts)} – ${f.when(x.ends)}`,
              },
              { key: 'state', header: t('games.state'), cell: (x) => t(`games.states.${x.state}`) },
              { key: 'entries', header: t('games.entries'), cell: (x) => f.whole(x.entries), numeric: true },
              {
                key: 'completion',
                header: t('games.completion'),
                numeric: true,
                cell: (x) =>
                  x.plays === 0
                    ? t('games.none')
                    : t('games.completionCell', {
                        share: f.share(x.finished / x.plays),
                        plays: f.whole(x.plays),
                      }),
              },
            ]}
          />
        )}
      </div>
    </div>
  );
}

/** /ops/insight/games: plays, players and session length per game; tournaments' entries and completion. */
export function Component() {
  const { t, locale } = useInsightTranslation();
  const { period } = usePeriod();
  const query = useInsight('games', period);
  return (
    <div className="flex flex-col gap-4">
      <ReportBar t={t} report="games" period={period} foldedAt={query.data?.foldedAt} />
      <ReportState t={t} query={query}>
        {(data) => <Games data={data} t={t} f={formatters(locale)} />}
      </ReportState>
    </div>
  );
}
