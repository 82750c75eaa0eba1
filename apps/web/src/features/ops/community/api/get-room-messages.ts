import type { ModerationMessage } from '@playon/shared/ops-community';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';
import { roomPath } from './room-path';

/** GET /api/ops/community/chat/rooms/:uid/messages: newest first; `show` picks shown, hidden or all. */
export function getRoomMessages(chatRoomUid: string, show: string, query: ListQuery) {
  return opsGet<Page<ModerationMessage>>(`${roomPath(chatRoomUid)}/messages`, { ...query, show });
}

export const roomMessagesQuery = (chatRoomUid: string, show: string) => (list: ListQuery) =>
  queryOptions({
    queryKey: opsKeys.community.messages(chatRoomUid, show, list),
    queryFn: () => getRoomMessages(chatRoomUid, show, list),
  });
