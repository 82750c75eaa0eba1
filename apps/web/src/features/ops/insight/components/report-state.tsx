import type { ReactNode } from 'react';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import type { InsightT } from './texts';

/** A report's loading skeleton (with its words for screen readers), its error, or the report. */
export function ReportState<T>({
  t,
  query,
  children,
}: {
  t: InsightT;
  query: { data: T | undefined; isError: boolean; error: Error | null; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.isError)
    return (
      <LoadError
        onRetry={() => void query.refetch()}
        {...(query.error ? { text: query.error.message } : {})}
      />
    );
  if (query.data === undefined)
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">{t('loading')}</span>
        <Skeleton className="h-24 w-full rounded-xl" />
        <Skeleton className="h-48 w-full rounded-xl" />
      </div>
    );
  return <>{children(query.data)}</>;
}
