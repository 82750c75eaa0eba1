import type { BroadcastAudience, BroadcastCount } from '@playon/shared/ops-community';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** Who a broadcast goes to: everyone, or a tournament's or a game's players. */
export type BroadcastAudienceQuery = {
  audience: BroadcastAudience;
  tournamentId?: number | undefined;
  gameId?: number | undefined;
};

/** GET /api/ops/community/broadcasts/count: how many players the audience is now. */
export function getBroadcastCount(audience: BroadcastAudienceQuery) {
  return opsGet<BroadcastCount>('/community/broadcasts/count', audience);
}

/** Asked once the audience is whole: everyone, or a tournament or game chosen. */
export const broadcastCountQuery = (
  audience: BroadcastAudienceQuery,
  targetId: number | undefined,
  isWanted = true,
) =>
  queryOptions({
    queryKey: opsKeys.community.broadcastCount(audience.audience, targetId ?? null),
    queryFn: () => getBroadcastCount(audience),
    enabled: isWanted && (audience.audience === 'all' || targetId !== undefined),
  });

/** `isWanted` false: the form counts a saved audience instead (get-audience-size.ts). */
export function useBroadcastCount(
  audience: BroadcastAudienceQuery,
  targetId: number | undefined,
  isWanted = true,
) {
  return useQuery(broadcastCountQuery(audience, targetId, isWanted));
}
