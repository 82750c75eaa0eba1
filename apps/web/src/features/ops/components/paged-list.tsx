import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import type { ListQuery, Page } from '../api/ops-request';

export interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
}

interface PagedListProps<T> {
  /** The list's query for the search and page shown (an endpoint's page query, in its api/ file). */
  query: (list: ListQuery) => UseQueryOptions<Page<T>, Error, Page<T>, QueryKey>;
  columns: Column<T>[];
  rowKey: (item: T) => string;
  searchLabel: string;
  emptyText: string;
  /** Filters above the list (selects), already part of `query`. */
  filters?: ReactNode;
  onRowClick?: ((item: T) => void) | undefined;
  pageSize?: number;
}

/** Every console list: searchable, paged, with its empty state and a retry when it cannot load. */
export function PagedList<T>({
  query,
  columns,
  rowKey,
  searchLabel,
  emptyText,
  filters,
  onRowClick,
  pageSize = 25,
}: PagedListProps<T>) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  // The search runs once typing pauses, from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useQuery({ ...query({ q, page, pageSize }), placeholderData: keepPreviousData });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <label className="min-w-0 flex-1 basis-64">
          <span className="mb-1.5 block text-sm font-medium text-muted">{searchLabel}</span>
          <input
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className="h-11 w-full rounded-xl border border-line bg-raised px-4 text-base focus:border-brand focus:outline-none"
          />
        </label>
        {filters}
      </div>
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()} text={list.error.message} />
      ) : !list.data ? (
        <div aria-hidden="true" className="flex flex-col gap-2">
          {['a', 'b', 'c', 'd', 'e'].map((key) => (
            <Skeleton key={key} className="h-12 w-full rounded-xl" />
          ))}
        </div>
      ) : list.data.items.length === 0 ? (
        <EmptyState icon="search" text={emptyText} />
      ) : (
        // A table on a laptop; on a phone each row is a card of "label: value" lines (one DOM, no copy).
        <div className="rounded-xl md:overflow-x-auto md:ring-1 md:ring-line">
          <table className="block w-full text-left text-sm md:table">
            <thead className="hidden bg-surface text-muted md:table-header-group">
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className="px-3 py-2.5 font-medium">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="flex flex-col gap-3 md:table-row-group">
              {list.data.items.map((item) => (
                <tr
                  key={rowKey(item)}
                  onClick={onRowClick ? () => onRowClick(item) : undefined}
                  className={`block rounded-xl bg-surface p-3 ring-1 ring-line md:table-row md:rounded-none md:bg-transparent md:p-0 md:ring-0 md:border-t md:border-line ${onRowClick ? 'cursor-pointer hover:bg-raised' : ''}`}
                >
                  {columns.map((column) => (
                    <td
                      key={column.header}
                      data-label={column.header}
                      className="flex gap-3 py-1 align-top break-words before:w-24 before:shrink-0 before:text-muted before:content-[attr(data-label)] md:table-cell md:px-3 md:py-2.5 md:before:content-none"
                    >
                      <div className="min-w-0 flex-1">{column.cell(item)}</div>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && list.data.total > 0 ? (
        <div className="flex items-center justify-between gap-3 text-sm text-muted">
          <p aria-live="polite">
            {list.data.total.toLocaleString('en-GB')} in all · page {page} of {pages}
          </p>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              className="h-10"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              className="h-10"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
