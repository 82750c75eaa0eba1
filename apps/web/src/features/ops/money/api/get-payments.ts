import type { OpsPayment, PaymentsQuery } from '@playon/shared/ops-money';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** The selects above the payments list. */
export type PaymentFilters = Omit<PaymentsQuery, 'q' | 'page' | 'pageSize'>;

/** GET /api/ops/money/payments: every payment intent, newest first, filtered. */
export function getPayments(filters: PaymentFilters, query: ListQuery) {
  return opsGet<Page<OpsPayment>>('/money/payments', { ...filters, ...query });
}

export const paymentsQuery = (filters: PaymentFilters) => (list: ListQuery) =>
  queryOptions({
    queryKey: opsKeys.money.payments(filters, list),
    queryFn: () => getPayments(filters, list),
  });
