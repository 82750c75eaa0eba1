import type { OpsBanner } from '@playon/shared/ops-content';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/banners/:id. */
export function saveBanner(id: number, body: unknown) {
  return opsPost<OpsBanner>(`/content/banners/${id}`, body);
}
