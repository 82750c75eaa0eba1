import type { FriendLookup } from '@playon/shared/users';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/users/by-username/{username} (docs/api.md): the friend's id, 404 'User not found'. */
export async function findFriend(username: string): Promise<FriendLookup> {
  return (await apiRequest<FriendLookup>(`/users/by-username/${encodeURIComponent(username)}`)).payload;
}
