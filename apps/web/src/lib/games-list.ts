import type { Game, GameAccess } from '@playon/shared/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export interface GameListFilter {
  featured?: boolean;
  access?: GameAccess;
}

/**
 * GET /api/games/list, by name. Here rather than in a feature because three need it: the dashboard's
 * featured shelf, the catalogue, and the tournaments that show their game's icon and name.
 */
export async function getGames(filter: GameListFilter = {}): Promise<Game[]> {
  const query = new URLSearchParams();
  if (filter.featured !== undefined) query.set('featured', String(filter.featured));
  if (filter.access) query.set('access', filter.access);
  const search = query.toString();
  return (await apiRequest<Game[]>(`/games/list${search ? `?${search}` : ''}`)).payload;
}

// The catalogue changes with a deploy or an operator, not from one minute to the next.
export const gamesQuery = (filter: GameListFilter = {}) =>
  queryOptions({
    queryKey: ['games', 'list', filter],
    queryFn: () => getGames(filter),
    staleTime: 5 * 60_000,
  });

export function useGames(filter: GameListFilter = {}) {
  return useQuery(gamesQuery(filter));
}
