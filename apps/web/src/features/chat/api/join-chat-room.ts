import type { ChatRoom } from '@playon/shared/chat';
import type { Profile } from '@playon/shared/profile';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { readProfile, storeProfile } from '../../../lib/session-store';
import { CHAT_ROOMS_KEY } from './get-chat-rooms';

/** GET /api/profile/chatroom-join/{chatRoomUid}: the updated profile, stored as after every update. */
export async function joinChatRoom(room: ChatRoom): Promise<Profile> {
  const response = await apiRequest<Profile>(
    `/profile/chatroom-join/${encodeURIComponent(room.chatRoomUid)}`,
  );
  storeProfile(response.payload);
  return response.payload;
}

/** The server's 409 for a room the player is already in: the room opens all the same. */
export const isAlreadyJoined = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.code === 'CONFLICT';

/** Marks the room joined in the list, counting the new member (docs/product.md, "Chat room join"). */
export function markJoined(queryClient: QueryClient, room: ChatRoom, isNewMember: boolean) {
  queryClient.setQueryData<ChatRoom[]>(CHAT_ROOMS_KEY, (rooms) =>
    rooms?.map((each) =>
      each.id === room.id
        ? {
            ...each,
            subscribed: true,
            memberCount: each.memberCount + (isNewMember && !each.subscribed ? 1 : 0),
          }
        : each,
    ),
  );
  // The profile the server did not send back with its 409 still learns the player is in.
  const profile = readProfile();
  if (profile && !profile.chatRooms.includes(room.chatRoomUid)) {
    storeProfile({ ...profile, chatRooms: [...profile.chatRooms, room.chatRoomUid] });
  }
  void queryClient.invalidateQueries({ queryKey: CHAT_ROOMS_KEY });
}

export function useJoinChatRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['chat', 'join'],
    mutationFn: joinChatRoom,
    onSuccess: (_profile, room) => markJoined(queryClient, room, true),
  });
}
