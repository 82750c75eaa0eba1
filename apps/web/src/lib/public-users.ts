import type { PublicUser } from '@playon/shared/tournaments';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** GET /api/users/public/{id}: a player's name, username and picture; 404 'User not found'. */
export async function getPublicUser(id: string): Promise<PublicUser> {
  return (await apiRequest<PublicUser>(`/users/public/${encodeURIComponent(id)}`)).payload;
}

// A player who cannot be looked up (deleted, offline) shows as 'anonymous' with the default picture:
// the failure is only logged (docs/product.md, "Public user"), and null keeps the screen from asking again and again.
export const publicUserQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'public', id],
    queryFn: async (): Promise<PublicUser | null> => {
      try {
        return await getPublicUser(id);
      } catch (error) {
        console.warn(`Could not look up player ${id}`, error);
        return null;
      }
    },
    staleTime: 10 * 60_000,
  });

/** Each distinct player once: id → public user (null when unknown, undefined while loading). */
export function usePublicUsers(ids: readonly string[]): Map<string, PublicUser | null | undefined> {
  const results = useQueries({ queries: ids.map((id) => publicUserQuery(id)) });
  return new Map(ids.map((id, index) => [id, results[index]?.data]));
}
