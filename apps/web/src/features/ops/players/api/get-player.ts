import type { PlayerDetail } from '@playon/shared/ops-players';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';
import { playerPath } from './player-path';

/** GET /api/ops/players/:uid: the player's card. */
export function getPlayer(uid: string) {
  return opsGet<PlayerDetail>(playerPath(uid));
}

export const playerQuery = (uid: string) =>
  queryOptions({ queryKey: opsKeys.players.card(uid), queryFn: () => getPlayer(uid) });

export function usePlayer(uid: string) {
  return useQuery(playerQuery(uid));
}
