import type { OpsGame } from '@playon/shared/ops-content';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/content/games: bundled and outside games, in their order. */
export function getGames(query: ListQuery) {
  return opsGet<Page<OpsGame>>('/content/games', query);
}

export const gamesQuery = (list: ListQuery) =>
  queryOptions({ queryKey: opsKeys.content.games(list), queryFn: () => getGames(list) });
