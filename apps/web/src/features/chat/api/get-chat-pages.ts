import { CHAT_PAGE_SIZE, type ChatPage } from '@playon/shared/chat';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

/** POST /api/chats/list/: a page of a room, oldest first; without `page` the newest page. */
export async function getChatPage(chatRoomId: number, page?: number): Promise<ChatPage> {
  const json = { chatRoomId, pageSize: CHAT_PAGE_SIZE, ...(page === undefined ? {} : { page }) };
  return (await apiRequest<ChatPage>('/chats/list/', { method: 'POST', json })).payload;
}

/**
 * The room opens on its newest page (docs/product.md, "Paging"); 'load more' goes one page back, until page 0.
 * Pages count from the oldest message, so an older page never changes: new messages come over /ws
 * instead of refetching, and the pages are forgotten when the room closes.
 */
export const chatPagesQuery = (chatRoomId: number) =>
  infiniteQueryOptions({
    queryKey: ['chat', 'messages', chatRoomId],
    queryFn: ({ pageParam }) => getChatPage(chatRoomId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: () => undefined,
    getPreviousPageParam: (oldest) =>
      oldest.pageable.pageNumber > 0 ? oldest.pageable.pageNumber - 1 : undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // A player who is not a member (403) or a room that is gone (404) will not change by asking again.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
  });

export function useChatPages(chatRoomId: number) {
  return useInfiniteQuery(chatPagesQuery(chatRoomId));
}
