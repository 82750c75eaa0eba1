import type { InsightMoney } from '@playon/shared/ops-insight';
import { EmptyState } from '../../../../components/ui/empty-state';
import { BarChart } from '../../dashboard/components/bar-chart';
import { useInsight } from '../api/get-insight';
import { DataTable } from '../components/data-table';
import { DefinedFigure, Figures } from '../components/figure';
import { type Formatters, formatters } from '../components/format';
import { usePeriod } from '../components/period';
import { ReportBar } from '../components/report-bar';
import { ReportState } from '../components/report-state';
import { type InsightT, useInsightTranslation } from '../components/texts';

const fills = ['fill-ok', 'fill-accent', 'fill-brand', 'fill-danger'];
type Success = InsightMoney['success'][number];

function Money({ data, t, f }: { data: InsightMoney; t: InsightT; f: Formatters }) {
  const methodName = (method: string) => t(`money.methods.${method}`);
  const paidDays = data.days.filter(
    (day) => day.total > 0 || Object.values(day.byPackage).some((amount) => amount > 0),
  );
  return (
    <div className="flex flex-col gap-4">
      <Figures>
        <DefinedFigure term={t('money.moneyIn')} value={f.kes(data.total)} help={t('money.moneyInHelp')} />
        <DefinedFigure term={t('money.arpu')} value={f.kes(data.arpu)} help={t('money.arpuHelp')} />
        <DefinedFigure term={t('money.arppu')} value={f.kes(data.arppu)} help={t('money.arppuHelp')} />
        <DefinedFigure term={t('money.payers')} value={f.whole(data.payers)} help={t('money.payersHelp')} />
        <DefinedFigure
          term={t('money.firstPayers')}
          value={f.whole(data.firstTimePayers)}
          help={t('money.firstPayersHelp')}
        />
        <DefinedFigure
          term={t('money.refunds')}
          value={f.kes(data.refunds.amount)}
          help={t('money.refundsHelp', { count: data.refunds.count })}
        />
      </Figures>
      {data.total === 0 ? (
        <EmptyState text={t('money.empty')} icon="wallet" />
      ) : (
        <div className="flex flex-col gap-3 rounded-xl bg-surface p-4 ring-1 ring-line">
          <h2 id="money-chart" className="text-base font-semibold">
            {t('money.chart')}
          </h2>
          <BarChart
            label={`${t('money.chart')}. ${t('table')}.`}
            groups={data.days.map((day) => ({
              label: data.days.length <= 14 ? f.day(day.day) : '',
              values: data.methods.map((m) => day.byMethod[m] ?? 0),
            }))}
            series={data.methods.map((m, i) => ({
              name: methodName(m),
              fill: fills[i % fills.length] ?? 'fill-brand',
            }))}
            format={f.kes}
          />
          <details open={paidDays.length <= 7}>
            <summary className="cursor-pointer text-sm font-medium">{t('table')}</summary>
            <div className="mt-3">
              <DataTable<InsightMoney['days'][number]>
                caption={t('money.chart')}
                rows={[...paidDays].reverse()}
                rowKey={(d) => d.day}
                columns={[
                  { key: 'day', header: t('money.day'), cell: (d) => d.day },
                  ...data.methods.map((m) => ({
                    key: m,
                    header: methodName(m),
                    cell: (d: InsightMoney['days'][number]) => f.kes(d.byMethod[m] ?? 0),
                    numeric: true,
                  })),
                  { key: 'total', header: t('money.total'), cell: (d) => f.kes(d.total), numeric: true },
                  ...data.packages.map((p) => ({
                    key: `package-${p.packageId}`,
                    header: `${t('money.package')}: ${p.name}`,
                    cell: (d: InsightMoney['days'][number]) => f.kes(d.byPackage[String(p.packageId)] ?? 0),
                    numeric: true,
                  })),
                ]}
              />
            </div>
          </details>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <h2 id="packages" className="text-base font-semibold">
          {t('money.packages')}
        </h2>
        <p className="text-xs text-muted">{t('money.packagesHelp')}</p>
        {data.packages.length === 0 ? (
          <EmptyState text={t('money.noPackages')} icon="boost" />
        ) : (
          <DataTable<InsightMoney['packages'][number]>
            caption={t('money.packages')}
            captionHidden
            rows={data.packages}
            rowKey={(p) => String(p.packageId)}
            columns={[
              { key: 'name', header: t('money.package'), cell: (p) => p.name },
              { key: 'count', header: t('money.sold'), cell: (p) => f.whole(p.count), numeric: true },
              { key: 'amount', header: t('money.amount'), cell: (p) => f.kes(p.amount), numeric: true },
            ]}
          />
        )}
      </div>
      <div className="flex flex-col gap-2">
        <h2 id="success" className="text-base font-semibold">
          {t('money.success')}
        </h2>
        <p className="text-xs text-muted">{t('money.successHelp')}</p>
        {data.success.length === 0 ? (
          <EmptyState text={t('money.noPayments')} icon="coins" />
        ) : (
          <DataTable<Success>
            caption={t('money.success')}
            captionHidden
            rows={data.success}
            rowKey={(s) => s.method}
            columns={[
              { key: 'method', header: t('money.method'), cell: (s) => methodName(s.method) },
              {
                key: 'attempts',
                header: t('money.attempts'),
                cell: (s) => f.whole(s.attempts),
                numeric: true,
              },
              ...(['completed', 'cancelled', 'noFunds', 'timeout', 'other', 'open'] as const).map((key) => ({
                key,
                header: t(`money.${key === 'completed' ? 'succeeded' : key}`),
                cell: (s: Success) =>
                  `${f.whole(s[key])} · ${s.attempts === 0 ? '—' : f.share(s[key] / s.attempts)}`,
                numeric: true,
              })),
            ]}
          />
        )}
      </div>
    </div>
  );
}

/** /ops/insight/money: money in per day by method, packages, ARPU and ARPPU, payers, refunds, success. */
export function Component() {
  const { t, locale } = useInsightTranslation();
  const { period } = usePeriod();
  const query = useInsight('money', period);
  return (
    <div className="flex flex-col gap-4">
      <ReportBar t={t} report="money" period={period} foldedAt={query.data?.foldedAt} />
      <ReportState t={t} query={query}>
        {(data) => <Money data={data} t={t} f={formatters(locale)} />}
      </ReportState>
    </div>
  );
}
