import type { DataRequest, DataRequestFilter, DataRequestPage } from '@playon/shared/ops-data-requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

export interface DataRequestFilters {
  status: DataRequestFilter;
  /** One player's requests. */
  uid?: string | undefined;
}

/** GET /api/ops/players/data-requests: the register, with the Act's clock on each open request. */
export function getDataRequests(filters: DataRequestFilters, query: ListQuery) {
  return opsGet<DataRequestPage>('/players/data-requests', { ...filters, ...query });
}

export const dataRequestsQuery = (filters: DataRequestFilters) => (list: ListQuery) =>
  queryOptions<Page<DataRequest>>({
    queryKey: opsKeys.players.dataRequests(filters, list),
    queryFn: () => getDataRequests(filters, list),
  });

/** How many open requests are past their seventh day, whatever the list shows. */
export function useOverdueCount() {
  const overdue = useQuery({
    queryKey: opsKeys.players.dataRequests({ overdueCount: true }),
    queryFn: () => getDataRequests({ status: 'overdue' }, { q: '', page: 1, pageSize: 1 }),
  });
  return overdue.data?.overdue ?? 0;
}
