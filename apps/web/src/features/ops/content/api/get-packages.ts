import type { OpsPackage } from '@playon/shared/ops-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/content/packages: the subscription packages. */
export function getPackages() {
  return opsGet<OpsPackage[]>('/content/packages');
}

export const packagesQuery = () =>
  queryOptions({ queryKey: opsKeys.content.packages(), queryFn: getPackages });

export function usePackages() {
  return useQuery(packagesQuery());
}
