import type { ChatRoom } from '@playon/shared/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/chat-rooms/list: every room by name, with its member and online counts. */
export async function getChatRooms(): Promise<ChatRoom[]> {
  return (await apiRequest<ChatRoom[]>('/chat-rooms/list')).payload;
}

export const CHAT_ROOMS_KEY = ['chat', 'rooms'] as const;

// Members come and go and 'online' changes by the minute: asked again on every visit and every minute.
export const chatRoomsQuery = () =>
  queryOptions({ queryKey: CHAT_ROOMS_KEY, queryFn: getChatRooms, staleTime: 0, refetchInterval: 60_000 });

export function useChatRooms() {
  return useQuery(chatRoomsQuery());
}
