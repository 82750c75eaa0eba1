import type { OpsPayment } from '@playon/shared/ops-money';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/money/payments/stuck: payments still open past their give-up time, oldest first. */
export function getStuckPayments(query: ListQuery) {
  return opsGet<Page<OpsPayment>>('/money/payments/stuck', query);
}

export const stuckPaymentsQuery = (list: ListQuery) =>
  queryOptions({ queryKey: opsKeys.money.stuck(list), queryFn: () => getStuckPayments(list) });
