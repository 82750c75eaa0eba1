import { ChatCountsMessageSchema, type ChatRoom } from '@playon/shared/chat';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeRealtime } from '../../../lib/realtime-client';
import { CHAT_ROOMS_KEY } from '../api/get-chat-rooms';

/**
 * Rooms' member and online counts as /ws tells them (`chat-counts`, for the player's rooms), written
 * into the rooms list every chat screen reads, so a room header and the list change as players come
 * and go. After the socket was down the list is asked for again, for what changed meanwhile.
 */
export function useLiveRoomCounts() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let hasOpened = false;
    return subscribeRealtime((event) => {
      if (event.kind === 'open') {
        if (hasOpened) void queryClient.invalidateQueries({ queryKey: CHAT_ROOMS_KEY });
        hasOpened = true;
        return;
      }
      if (event.kind !== 'message') return;
      const parsed = ChatCountsMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      const { chatRoomId, memberCount, onlineMemberCount } = parsed.data;
      queryClient.setQueryData<ChatRoom[]>(CHAT_ROOMS_KEY, (rooms) =>
        rooms?.map((room) => (room.id === chatRoomId ? { ...room, memberCount, onlineMemberCount } : room)),
      );
    });
  }, [queryClient]);
}
