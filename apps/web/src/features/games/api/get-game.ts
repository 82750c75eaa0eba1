import type { Game } from '@playon/shared/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/games/get/{id}: one game; 404 'This game does not exist.' */
export async function getGame(id: string): Promise<Game> {
  return (await apiRequest<Game>(`/games/get/${encodeURIComponent(id)}`)).payload;
}

export const gameQuery = (id: string) =>
  queryOptions({ queryKey: ['games', 'get', id], queryFn: () => getGame(id), staleTime: 5 * 60_000 });

export function useGame(id: string) {
  return useQuery(gameQuery(id));
}
