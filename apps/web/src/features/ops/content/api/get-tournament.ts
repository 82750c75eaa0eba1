import type { OpsTournament } from '@playon/shared/ops-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/content/tournaments/:id. */
export function getTournament(id: number) {
  return opsGet<OpsTournament>(`/content/tournaments/${id}`);
}

/** `id` as in the address: 'new' asks for nothing. */
export const tournamentQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: opsKeys.content.tournament(id),
    queryFn: () => getTournament(Number(id)),
    enabled: id !== 'new',
  });

export function useTournament(id: string | undefined) {
  return useQuery(tournamentQuery(id));
}
