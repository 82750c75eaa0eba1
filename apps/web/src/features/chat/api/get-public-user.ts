import type { PublicUser } from '@playon/shared/tournaments';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/users/public/{id}: a player's name, username and picture. */
export async function getPublicUser(id: string): Promise<PublicUser> {
  return (await apiRequest<PublicUser>(`/users/public/${encodeURIComponent(id)}`)).payload;
}

// A sender who cannot be looked up shows as 'anonymous': the failure is only logged (spec section 8),
// and null keeps the room from asking for them at every message.
export const senderQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'public', id],
    queryFn: async (): Promise<PublicUser | null> => {
      try {
        return await getPublicUser(id);
      } catch (error) {
        console.warn(`Could not look up chat member ${id}`, error);
        return null;
      }
    },
    staleTime: 10 * 60_000,
  });

/** Each distinct sender once, however many messages they wrote: id → public user (null when unknown). */
export function useSenders(ids: readonly string[]): Map<string, PublicUser | null | undefined> {
  const results = useQueries({ queries: ids.map((id) => senderQuery(id)) });
  return new Map(ids.map((id, index) => [id, results[index]?.data]));
}
