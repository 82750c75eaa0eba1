import type { BroadcastTargets } from '@playon/shared/ops-community';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/community/broadcasts/targets: the tournaments and games a broadcast may go to. */
export function getBroadcastTargets() {
  return opsGet<BroadcastTargets>('/community/broadcasts/targets');
}

export const broadcastTargetsQuery = () =>
  queryOptions({ queryKey: opsKeys.community.broadcastTargets(), queryFn: getBroadcastTargets });

export function useBroadcastTargets() {
  return useQuery(broadcastTargetsQuery());
}
