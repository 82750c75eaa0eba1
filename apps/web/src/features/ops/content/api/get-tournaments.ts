import type { OpsTournament } from '@playon/shared/ops-content';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/content/tournaments. */
export function getTournaments(query: ListQuery) {
  return opsGet<Page<OpsTournament>>('/content/tournaments', query);
}

export const tournamentsQuery = (list: ListQuery) =>
  queryOptions({ queryKey: opsKeys.content.tournaments(list), queryFn: () => getTournaments(list) });
