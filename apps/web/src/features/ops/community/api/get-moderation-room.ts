import type { ModerationRoom } from '@playon/shared/ops-community';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';
import { roomPath } from './room-path';

/** GET /api/ops/community/chat/rooms/:uid: the room, its members and mutes counted. */
export function getModerationRoom(chatRoomUid: string) {
  return opsGet<ModerationRoom>(roomPath(chatRoomUid));
}

export const moderationRoomQuery = (chatRoomUid: string) =>
  queryOptions({
    queryKey: opsKeys.community.room(chatRoomUid),
    queryFn: () => getModerationRoom(chatRoomUid),
  });

export function useModerationRoom(chatRoomUid: string) {
  return useQuery(moderationRoomQuery(chatRoomUid));
}
