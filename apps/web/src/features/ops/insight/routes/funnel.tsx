import type { InsightFunnel } from '@playon/shared/ops-insight';
import { EmptyState } from '../../../../components/ui/empty-state';
import { useInsight } from '../api/get-insight';
import { DataTable } from '../components/data-table';
import { type Formatters, formatters } from '../components/format';
import { usePeriod } from '../components/period';
import { ReportBar } from '../components/report-bar';
import { ReportState } from '../components/report-state';
import { type InsightT, useInsightTranslation } from '../components/texts';

type Step = InsightFunnel['steps'][number] & { share: number; drop: number | null };

function Funnel({ data, t, f }: { data: InsightFunnel; t: InsightT; f: Formatters }) {
  const first = data.steps[0]?.players ?? 0;
  if (first === 0) return <EmptyState text={t('funnel.empty')} icon="user" />;
  const steps: Step[] = data.steps.map((step, i) => {
    const before = i === 0 ? null : (data.steps[i - 1]?.players ?? 0);
    return {
      ...step,
      share: step.players / first,
      drop: before === null || before === 0 ? null : (before - step.players) / before,
    };
  });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-xl bg-surface p-4 ring-1 ring-line">
        <h2 id="funnel-chart" className="text-base font-semibold">
          {t('funnel.chart')}
        </h2>
        {/* The bars repeat the table below them: hidden from screen readers, which read the table. */}
        <ol aria-hidden="true" className="flex flex-col gap-2">
          {steps.map((step) => (
            <li key={step.step} className="flex flex-col gap-1 text-sm">
              <div className="flex justify-between gap-2">
                <span>{t(`funnel.steps.${step.step}`)}</span>
                <span className="tabular-nums">
                  {f.whole(step.players)} · {f.share(step.share)}
                </span>
              </div>
              <svg viewBox="0 0 100 6" preserveAspectRatio="none" className="h-2.5 w-full" aria-hidden="true">
                <rect width="100" height="6" rx="3" className="fill-raised" />
                <rect width={Math.max(0.5, step.share * 100)} height="6" rx="3" className="fill-brand" />
              </svg>
            </li>
          ))}
        </ol>
      </div>
      <DataTable<Step>
        caption={t('funnel.chart')}
        rows={steps}
        rowKey={(s) => s.step}
        columns={[
          { key: 'step', header: t('funnel.step'), cell: (s) => t(`funnel.steps.${s.step}`) },
          { key: 'players', header: t('funnel.players'), cell: (s) => f.whole(s.players), numeric: true },
          { key: 'share', header: t('funnel.ofSignUps'), cell: (s) => f.share(s.share), numeric: true },
          {
            key: 'drop',
            header: t('funnel.drop'),
            cell: (s) => (s.drop === null ? '—' : f.share(s.drop)),
            numeric: true,
          },
        ]}
      />
    </div>
  );
}

/** /ops/insight/funnel: the period's sign-ups, step by step to their first subscription. */
export function Component() {
  const { t, locale } = useInsightTranslation();
  const { period } = usePeriod();
  const query = useInsight('funnel', period);
  return (
    <div className="flex flex-col gap-4">
      <ReportBar t={t} report="funnel" period={period} foldedAt={query.data?.foldedAt} />
      <p className="text-sm text-muted">{t('funnel.intro')}</p>
      <ReportState t={t} query={query}>
        {(data) => <Funnel data={data} t={t} f={formatters(locale)} />}
      </ReportState>
    </div>
  );
}
