import type { InsightActivity } from '@playon/shared/ops-insight';
import { EmptyState } from '../../../../components/ui/empty-state';
import { BarChart } from '../../dashboard/components/bar-chart';
import { useInsight } from '../api/get-insight';
import { DataTable } from '../components/data-table';
import { DefinedFigure, Figures } from '../components/figure';
import { type Formatters, formatters } from '../components/format';
import { LineChart } from '../components/line-chart';
import { usePeriod } from '../components/period';
import { ReportBar } from '../components/report-bar';
import { ReportState } from '../components/report-state';
import { type InsightT, useInsightTranslation } from '../components/texts';

type Day = InsightActivity['days'][number];

function Activity({ data, t, f }: { data: InsightActivity; t: InsightT; f: Formatters }) {
  const last = data.days.at(-1);
  const days = data.days.map((day) => day.day);
  const tableCaption = `${t('activity.chart')}: ${t('period.showing', { from: data.from, to: data.to })}`;
  return (
    <div className="flex flex-col gap-4">
      <Figures>
        <DefinedFigure
          term={t('activity.active')}
          value={f.whole(data.activePlayers)}
          help={t('activity.activeHelp')}
        />
        <DefinedFigure
          term={t('activity.newPlayers')}
          value={f.whole(data.newPlayers)}
          help={t('activity.newPlayersHelp')}
        />
        <DefinedFigure
          term={`${t('activity.mau')} · ${last ? f.day(last.day) : ''}`}
          value={f.whole(last?.mau ?? 0)}
          help={t('activity.mauHelp')}
        />
        <DefinedFigure
          term={t('activity.stickiness')}
          value={f.share(data.stickiness)}
          help={t('activity.stickinessHelp')}
        />
      </Figures>
      {data.activePlayers === 0 ? (
        <EmptyState text={t('activity.empty')} icon="user" />
      ) : (
        <div className="flex flex-col gap-3 rounded-xl bg-surface p-4 ring-1 ring-line">
          <h2 id="activity-chart" className="text-base font-semibold">
            {t('activity.chart')}
          </h2>
          <LineChart
            label={`${t('activity.chart')}. ${t('table')}.`}
            days={days}
            dayLabel={f.day}
            format={f.whole}
            series={[
              { name: t('activity.dau'), values: data.days.map((d) => d.dau), stroke: 'stroke-brand' },
              { name: t('activity.wau'), values: data.days.map((d) => d.wau), stroke: 'stroke-accent' },
              { name: t('activity.mau'), values: data.days.map((d) => d.mau), stroke: 'stroke-ok' },
            ]}
          />
          <dl className="grid gap-1 text-xs text-muted sm:grid-cols-3">
            {(['dau', 'wau', 'mau'] as const).map((key) => (
              <div key={key}>
                <dt className="inline font-semibold text-text">{t(`activity.${key}`)}: </dt>
                <dd className="inline">{t(`activity.${key}Help`)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <div className="flex flex-col gap-3 rounded-xl bg-surface p-4 ring-1 ring-line">
        <h2 id="new-chart" className="text-base font-semibold">
          {t('activity.newChart')}
        </h2>
        <BarChart
          label={`${t('activity.newChart')}. ${t('table')}.`}
          groups={data.days.map((d) => ({
            label: days.length <= 14 ? f.day(d.day) : '',
            values: [d.newPlayers],
          }))}
          series={[{ name: t('activity.newPlayers'), fill: 'fill-brand' }]}
          format={f.whole}
        />
      </div>
      <details className="rounded-xl bg-surface p-4 ring-1 ring-line" open={data.days.length <= 7}>
        <summary className="cursor-pointer text-sm font-medium">{t('table')}</summary>
        <div className="mt-3">
          <DataTable<Day>
            caption={tableCaption}
            rows={[...data.days].reverse()}
            rowKey={(d) => d.day}
            columns={[
              { key: 'day', header: t('activity.day'), cell: (d) => d.day },
              { key: 'dau', header: t('activity.dau'), cell: (d) => f.whole(d.dau), numeric: true },
              { key: 'wau', header: t('activity.wau'), cell: (d) => f.whole(d.wau), numeric: true },
              { key: 'mau', header: t('activity.mau'), cell: (d) => f.whole(d.mau), numeric: true },
              {
                key: 'sticky',
                header: t('activity.stickiness'),
                cell: (d) => (d.mau === 0 ? '—' : f.share(d.dau / d.mau)),
                numeric: true,
              },
              {
                key: 'new',
                header: t('activity.newPlayers'),
                cell: (d) => f.whole(d.newPlayers),
                numeric: true,
              },
            ]}
          />
        </div>
      </details>
    </div>
  );
}

/** /ops/insight/activity: DAU, WAU, MAU and new players per Nairobi day. */
export function Component() {
  const { t, locale } = useInsightTranslation();
  const { period } = usePeriod();
  const query = useInsight('activity', period);
  return (
    <div className="flex flex-col gap-4">
      <ReportBar t={t} report="activity" period={period} foldedAt={query.data?.foldedAt} />
      <ReportState t={t} query={query}>
        {(data) => <Activity data={data} t={t} f={formatters(locale)} />}
      </ReportState>
    </div>
  );
}
