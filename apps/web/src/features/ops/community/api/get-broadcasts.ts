import type { Broadcast } from '@playon/shared/ops-community';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/community/broadcasts: the notifications sent, newest first. */
export function getBroadcasts(query: ListQuery) {
  return opsGet<Page<Broadcast>>('/community/broadcasts', query);
}

export const broadcastsQuery = (list: ListQuery) =>
  queryOptions({ queryKey: opsKeys.community.broadcasts(list), queryFn: () => getBroadcasts(list) });
