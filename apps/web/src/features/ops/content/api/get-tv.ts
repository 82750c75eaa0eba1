import type { OpsTvItem } from '@playon/shared/ops-content';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/content/tv: PlayOn TV's videos and channel. */
export function getTv(query: ListQuery) {
  return opsGet<Page<OpsTvItem>>('/content/tv', query);
}

export const tvQuery = (list: ListQuery) =>
  queryOptions({ queryKey: opsKeys.content.tv(list), queryFn: () => getTv(list) });
