import { LEADERBOARD_PAGE_SIZE, type LeaderboardPage } from '@playon/shared/tournaments';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/tournament-leaderboards/{id}?page=&pageSize=: one page of the ranking, best first. */
export async function getLeaderboardPage(tournamentId: number, page: number): Promise<LeaderboardPage> {
  const query = `page=${page}&pageSize=${LEADERBOARD_PAGE_SIZE}`;
  return (await apiRequest<LeaderboardPage>(`/tournament-leaderboards/${tournamentId}?${query}`)).payload;
}

// A score reported from the game must show when the player comes back: always ask again on focus.
export const leaderboardQuery = (tournamentId: number) =>
  infiniteQueryOptions({
    queryKey: ['tournaments', tournamentId, 'leaderboard'],
    queryFn: ({ pageParam }) => getLeaderboardPage(tournamentId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => (lastPage.last ? undefined : lastPage.page + 1),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useLeaderboard(tournamentId: number) {
  return useInfiniteQuery(leaderboardQuery(tournamentId));
}
