import type { ReconciliationReport } from '@playon/shared/ops-money';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/money/reconciliation: a Nairobi day's provider records beside the ledger. */
export function getReconciliation(day: string) {
  return opsGet<ReconciliationReport>('/money/reconciliation', { day });
}

export const reconciliationQuery = (day: string) =>
  queryOptions({
    queryKey: opsKeys.money.reconciliation(day),
    queryFn: () => getReconciliation(day),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(day),
  });

/** Asked only once the day typed is a whole date. */
export function useReconciliation(day: string) {
  return useQuery(reconciliationQuery(day));
}
