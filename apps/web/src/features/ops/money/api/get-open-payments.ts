import type { OpsPayment } from '@playon/shared/ops-money';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/money/payments/open: payments still open `minutes` after they were made, oldest first. */
export function getOpenPayments(minutes: number, query: ListQuery) {
  return opsGet<Page<OpsPayment>>('/money/payments/open', { ...query, minutes });
}

export const openPaymentsQuery = (minutes: number) => (list: ListQuery) =>
  queryOptions({
    queryKey: opsKeys.money.open(minutes, list),
    queryFn: () => getOpenPayments(minutes, list),
    // A payment's provider may answer any second: the list follows while it is on screen.
    refetchInterval: 30_000,
  });
