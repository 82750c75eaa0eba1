import type { UnmatchedCallback } from '@playon/shared/ops-money';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/money/unmatched: the M-Pesa callbacks no payment took, by status. */
export function getUnmatched(status: string, query: ListQuery) {
  return opsGet<Page<UnmatchedCallback>>('/money/unmatched', { status, ...query });
}

export const unmatchedQuery = (status: string) => (list: ListQuery) =>
  queryOptions({
    queryKey: opsKeys.money.unmatched(status, list),
    queryFn: () => getUnmatched(status, list),
  });
