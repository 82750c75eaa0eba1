import type { TvItem } from '@playon/shared/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/playon-tv/list: the primary video first, then the newest. */
export async function getTvItems(): Promise<TvItem[]> {
  return (await apiRequest<TvItem[]>('/playon-tv/list')).payload;
}

export const tvItemsQuery = () =>
  queryOptions({ queryKey: ['playon-tv', 'list'], queryFn: getTvItems, staleTime: 5 * 60_000 });

export function useTvItems() {
  return useQuery(tvItemsQuery());
}
