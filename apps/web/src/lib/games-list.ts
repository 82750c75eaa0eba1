import type { Game, GameAccess } from '@playon/shared/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { startFromPage } from './start-from-page';

export interface GameListFilter {
  featured?: boolean;
  access?: GameAccess;
}

/**
 * GET /api/games/list, by name. Here rather than in a feature because three need it: the dashboard's
 * featured shelf, the catalogue, and the tournaments that show their game's icon and name.
 */
function gamesPath(filter: GameListFilter): string {
  const query = new URLSearchParams();
  if (filter.featured !== undefined) query.set('featured', String(filter.featured));
  if (filter.access) query.set('access', filter.access);
  const search = query.toString();
  return `/games/list${search ? `?${search}` : ''}`;
}

export async function getGames(filter: GameListFilter = {}): Promise<Game[]> {
  return (await apiRequest<Game[]>(gamesPath(filter))).payload;
}

// The catalogue changes with a deploy or an operator, not from one minute to the next.
export const gamesQuery = (filter: GameListFilter = {}) =>
  queryOptions({
    queryKey: ['games', 'list', filter],
    queryFn: () => getGames(filter),
    staleTime: 5 * 60_000,
    ...startFromPage<Game[]>(gamesPath(filter)),
  });

export function useGames(filter: GameListFilter = {}) {
  return useQuery(gamesQuery(filter));
}
