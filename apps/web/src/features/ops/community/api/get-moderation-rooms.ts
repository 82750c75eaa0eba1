import type { ModerationRoom } from '@playon/shared/ops-community';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/community/chat/rooms: the rooms to moderate. */
export function getModerationRooms(query: ListQuery) {
  return opsGet<Page<ModerationRoom>>('/community/chat/rooms', query);
}

export const moderationRoomsQuery = (list: ListQuery) =>
  queryOptions({ queryKey: opsKeys.community.rooms(list), queryFn: () => getModerationRooms(list) });
