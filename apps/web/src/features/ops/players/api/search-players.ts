import type { PlayerListItem } from '@playon/shared/ops-players';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/players: by name, username, e-mail, phone or uid. */
export function searchPlayers(query: ListQuery) {
  return opsGet<Page<PlayerListItem>>('/players', query);
}

export const playersSearchQuery = (list: ListQuery) =>
  queryOptions({ queryKey: opsKeys.players.search(list), queryFn: () => searchPlayers(list) });
