import type { TournamentAward } from '@playon/shared/tournaments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/tournament-awards/tournament/{id}: the prizes, by position (Gold, Silver, Bronze). */
export async function getAwards(tournamentId: number): Promise<TournamentAward[]> {
  return (await apiRequest<TournamentAward[]>(`/tournament-awards/tournament/${tournamentId}`)).payload;
}

export const awardsQuery = (tournamentId: number) =>
  queryOptions({
    queryKey: ['tournaments', tournamentId, 'awards'],
    queryFn: () => getAwards(tournamentId),
    staleTime: 5 * 60_000,
  });

export function useAwards(tournamentId: number) {
  return useQuery(awardsQuery(tournamentId));
}
