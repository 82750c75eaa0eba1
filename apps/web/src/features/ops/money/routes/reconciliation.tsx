import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { errorText } from '../../../../lib/api-error';
import { showToast } from '../../../../lib/toast';
import { opsKeys } from '../../api/query-keys';
import { downloadReconciliationCsv } from '../api/download-reconciliation-csv';
import { useReconciliation } from '../api/get-reconciliation';
import { uploadStatement } from '../api/upload-statement';
import { ProviderReportCard } from '../components/provider-report';

/** Today in Nairobi, as the day picker wants it. */
const nairobiToday = () => new Date(Date.now() + 3 * 60 * 60_000).toISOString().slice(0, 10);

/**
 * The daily reconciliation: for a Nairobi day, each provider's own records beside the ledger, the
 * differences listed, the whole as CSV; the M-Pesa statement of the day uploaded here.
 */
export function Component() {
  const queryClient = useQueryClient();
  const [day, setDay] = useState(nairobiToday);
  const [downloading, setDownloading] = useState(false);
  const [uploading, setUploading] = useState(false);
  const report = useReconciliation(day);

  async function download() {
    setDownloading(true);
    try {
      await downloadReconciliationCsv(day);
    } catch (error) {
      showToast(errorText(error, 'The CSV could not be downloaded.'), 'error');
    } finally {
      setDownloading(false);
    }
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const { message, payload } = await uploadStatement(day, await file.text());
      showToast(`${message} ${payload.transactions} transactions.`, 'success');
      await queryClient.invalidateQueries({ queryKey: opsKeys.money.reconciliation(day) });
    } catch (error) {
      showToast(errorText(error, 'The statement could not be read.'), 'error');
    } finally {
      setUploading(false);
    }
  }

  return (
    <section className="flex max-w-4xl flex-col gap-5">
      <h1 className="text-xl font-bold">Reconciliation</h1>
      <p className="text-sm text-muted">
        What each provider says we received and paid on a day (Nairobi time), beside what the ledger moved
        through its clearing account. See{' '}
        <Link to="/ops/payments" className="text-accent underline">
          Payments
        </Link>{' '}
        for any one of them.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label>
          <span className="mb-1.5 block text-sm font-medium text-muted">Day</span>
          <input
            type="date"
            value={day}
            max={nairobiToday()}
            onChange={(event) => setDay(event.target.value)}
            className="h-11 rounded-xl border border-line bg-raised px-3 text-base"
          />
        </label>
        <Button variant="secondary" className="h-11" isBusy={downloading} onClick={() => void download()}>
          Download CSV
        </Button>
        <label
          className={`flex h-11 cursor-pointer items-center gap-2 rounded-xl border border-line bg-raised px-4 text-base font-semibold ${uploading ? 'opacity-60' : ''}`}
        >
          {uploading ? 'Uploading…' : 'Upload M-Pesa statement (CSV)'}
          <input
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            disabled={uploading}
            onChange={(event) => void upload(event)}
          />
        </label>
      </div>
      {report.isError ? (
        <LoadError onRetry={() => void report.refetch()} text={report.error.message} />
      ) : !report.data || report.isFetching ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <p className="text-sm text-muted">Reading each provider's records…</p>
          <Skeleton className="h-40 w-full rounded-xl" />
          <Skeleton className="h-40 w-full rounded-xl" />
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {report.data.providers.map((part) => (
            <ProviderReportCard key={part.provider} report={part} />
          ))}
        </div>
      )}
    </section>
  );
}
