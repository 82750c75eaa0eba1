import type { Dashboard } from '@playon/shared/ops-dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/dashboard: today's figures. */
export function getDashboard() {
  return opsGet<Dashboard>('/dashboard');
}

export const dashboardQuery = () =>
  queryOptions({
    queryKey: opsKeys.dashboard(),
    queryFn: getDashboard,
    // The figures move all day: fresh each minute while the dashboard is open.
    refetchInterval: 60_000,
  });

export function useDashboard() {
  return useQuery(dashboardQuery());
}
