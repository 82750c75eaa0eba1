import type { UserSubscription } from '@playon/shared/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';
import { playerPath } from './player-path';

/** GET /api/ops/players/:uid/subscriptions: the player's packages, active or past. */
export function getPlayerSubscriptions(uid: string) {
  return opsGet<UserSubscription[]>(`${playerPath(uid)}/subscriptions`);
}

export const playerSubscriptionsQuery = (uid: string) =>
  queryOptions({ queryKey: opsKeys.players.subscriptions(uid), queryFn: () => getPlayerSubscriptions(uid) });

export function usePlayerSubscriptions(uid: string) {
  return useQuery(playerSubscriptionsQuery(uid));
}
