import type { OpsChatRoom } from '@playon/shared/ops-content';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/content/chat-rooms: the community's rooms. */
export function getChatRooms(query: ListQuery) {
  return opsGet<Page<OpsChatRoom>>('/content/chat-rooms', query);
}

export const chatRoomsQuery = (list: ListQuery) =>
  queryOptions({ queryKey: opsKeys.content.chatRooms(list), queryFn: () => getChatRooms(list) });
