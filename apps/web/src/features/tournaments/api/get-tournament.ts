import type { Tournament } from '@playon/shared/tournaments';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { tournamentsQuery } from './get-tournaments';

/** GET /api/tournaments/{id}; 404 'This tournament does not exist.' */
export async function getTournament(id: number): Promise<Tournament> {
  return (await apiRequest<Tournament>(`/tournaments/${id}`)).payload;
}

export const tournamentQuery = (id: number) =>
  queryOptions({ queryKey: ['tournaments', 'get', id], queryFn: () => getTournament(id), staleTime: 60_000 });

/** One tournament; shown at once from the list when the player came from it. */
export function useTournament(id: number) {
  const queryClient = useQueryClient();
  const list = queryClient.getQueryState(tournamentsQuery().queryKey);
  return useQuery({
    ...tournamentQuery(id),
    initialData: () => list?.data?.find((tournament) => tournament.id === id),
    initialDataUpdatedAt: list?.dataUpdatedAt,
  });
}
