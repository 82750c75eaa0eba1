import type { ChatRoom } from '@playon/shared/chat';
import type { Profile } from '@playon/shared/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeProfile } from '../../../lib/session-store';
import { CHAT_ROOMS_KEY } from './get-chat-rooms';

/** GET /api/profile/chatroom-leave/{chatRoomUid}: the updated profile, stored as after every update. */
export async function leaveChatRoom(room: ChatRoom): Promise<Profile> {
  const response = await apiRequest<Profile>(
    `/profile/chatroom-leave/${encodeURIComponent(room.chatRoomUid)}`,
  );
  storeProfile(response.payload);
  return response.payload;
}

export function useLeaveChatRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['chat', 'leave'],
    mutationFn: leaveChatRoom,
    onSuccess: (_profile, room) => {
      queryClient.setQueryData<ChatRoom[]>(CHAT_ROOMS_KEY, (rooms) =>
        rooms?.map((each) =>
          each.id === room.id && each.subscribed
            ? { ...each, subscribed: false, memberCount: Math.max(0, each.memberCount - 1) }
            : each,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: CHAT_ROOMS_KEY });
    },
  });
}
