import type { Mute } from '@playon/shared/ops-community';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';
import { roomPath } from './room-path';

/** GET /api/ops/community/chat/rooms/:uid/mutes: the players muted in the room now. */
export function getMutes(chatRoomUid: string, query: ListQuery) {
  return opsGet<Page<Mute>>(`${roomPath(chatRoomUid)}/mutes`, query);
}

export const mutesQuery = (chatRoomUid: string) => (list: ListQuery) =>
  queryOptions({
    queryKey: opsKeys.community.mutes(chatRoomUid, list),
    queryFn: () => getMutes(chatRoomUid, list),
  });
