import type { OwnRank } from '@playon/shared/tournaments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/tournament-leaderboards/{id}/me: the player's place, null before their first score. */
export async function getOwnRank(tournamentId: number): Promise<OwnRank | null> {
  return (await apiRequest<OwnRank | null>(`/tournament-leaderboards/${tournamentId}/me`)).payload ?? null;
}

export const ownRankQuery = (tournamentId: number) =>
  queryOptions({
    queryKey: ['tournaments', tournamentId, 'me'],
    queryFn: () => getOwnRank(tournamentId),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useOwnRank(tournamentId: number) {
  return useQuery(ownRankQuery(tournamentId));
}
