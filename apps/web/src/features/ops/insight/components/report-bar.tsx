import { mayDo, type Operator } from '@playon/shared/ops';
import type { InsightReport } from '@playon/shared/ops-insight';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { downloadInsightCsv } from '../api/download-insight-csv';
import type { InsightPeriod } from '../api/get-insight';
import { useRefreshInsight } from '../api/refresh-insight';
import { formatters } from './format';
import { type InsightT, useInsightTranslation } from './texts';

/** When the figures were counted, "Recount now", and the report's CSV. */
export function ReportBar({
  t,
  report,
  period,
  foldedAt,
  gameId,
}: {
  t: InsightT;
  report: InsightReport;
  period: InsightPeriod;
  foldedAt: string | null | undefined;
  gameId?: number | undefined;
}) {
  const operator = useOutletContext<Operator>();
  const { locale } = useInsightTranslation();
  const refresh = useRefreshInsight();
  const [csvError, setCsvError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setCsvError(null);
    setDownloading(true);
    try {
      await downloadInsightCsv(report, { ...period, ...(gameId ? { gameId } : {}) }, t('csvFailed'));
    } catch (error) {
      setCsvError(error instanceof Error ? error.message : t('csvFailed'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => void download()} isBusy={downloading}>
          {t('csv')}
        </Button>
        {mayDo(operator.role, 'insight.refresh') ? (
          <Button variant="secondary" onClick={() => refresh.mutate()} isBusy={refresh.isPending}>
            {refresh.isPending ? t('recounting') : t('recount')}
          </Button>
        ) : null}
        <p className="text-sm text-muted" aria-live="polite">
          {refresh.isSuccess ? `${t('recounted')} ` : ''}
          {foldedAt
            ? t('folded', { when: formatters(locale).when(foldedAt) })
            : foldedAt === null
              ? t('neverFolded')
              : ''}
        </p>
      </div>
      {csvError || refresh.error ? (
        <p role="alert" className="text-sm text-danger">
          {csvError ?? refresh.error?.message}
        </p>
      ) : null}
    </div>
  );
}
