import type { PlayerTournament } from '@playon/shared/ops-players';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';
import { playerPath } from './player-path';

/** GET /api/ops/players/:uid/tournaments: the tournaments the player took part in. */
export function getPlayerTournaments(uid: string, query: ListQuery) {
  return opsGet<Page<PlayerTournament>>(`${playerPath(uid)}/tournaments`, query);
}

export const playerTournamentsQuery = (uid: string) => (list: ListQuery) =>
  queryOptions({
    queryKey: opsKeys.players.tournaments(uid, list),
    queryFn: () => getPlayerTournaments(uid, list),
  });
