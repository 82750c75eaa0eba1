import type { Dashboard } from '@playon/shared/ops-dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from '../../api/ops-api';

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['ops', 'dashboard'],
    queryFn: () => opsGet<Dashboard>('/dashboard'),
    // The figures move all day: fresh each minute while the dashboard is open.
    refetchInterval: 60_000,
  });

/** GET /api/ops/dashboard. */
export function useDashboard() {
  return useQuery(dashboardQuery());
}
