import type { RecentGame } from '@playon/shared/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startFromPage } from '../../../lib/start-from-page';

/** GET /api/profile/recent-games: the games the player started, newest play first. */
export async function getRecentGames(): Promise<RecentGame[]> {
  return (await apiRequest<RecentGame[]>('/profile/recent-games')).payload;
}

// The player comes back from a game to the dashboard: the game just played must be first.
export const recentGamesQuery = () =>
  queryOptions({
    queryKey: ['games', 'recent'],
    queryFn: getRecentGames,
    staleTime: 0,
    ...startFromPage<RecentGame[]>('/profile/recent-games'),
  });

export function useRecentGames() {
  return useQuery(recentGamesQuery());
}
