import type { PublicUser } from '@playon/shared/tournaments';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/users/public/{id}: a player's name, username and picture; 404 'User not found'. */
export async function getPublicUser(id: string): Promise<PublicUser> {
  return (await apiRequest<PublicUser>(`/users/public/${encodeURIComponent(id)}`)).payload;
}

// A member who cannot be looked up (deleted, offline) shows the default picture: the failure is only
// logged (spec section 8), and null keeps the card from asking again and again.
export const publicUserQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'public', id],
    queryFn: async (): Promise<PublicUser | null> => {
      try {
        return await getPublicUser(id);
      } catch (error) {
        console.warn(`Could not look up hall-of-fame member ${id}`, error);
        return null;
      }
    },
    staleTime: 10 * 60_000,
  });

export function usePublicUsers(ids: readonly string[]) {
  return useQueries({ queries: ids.map((id) => publicUserQuery(id)) });
}
