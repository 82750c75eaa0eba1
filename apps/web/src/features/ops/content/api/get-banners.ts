import type { OpsBanner } from '@playon/shared/ops-content';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/content/banners: the dashboard slider's event banners. */
export function getBanners(query: ListQuery) {
  return opsGet<Page<OpsBanner>>('/content/banners', query);
}

export const bannersQuery = (list: ListQuery) =>
  queryOptions({ queryKey: opsKeys.content.banners(list), queryFn: () => getBanners(list) });
