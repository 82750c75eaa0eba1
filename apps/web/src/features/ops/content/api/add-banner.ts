import type { OpsBanner } from '@playon/shared/ops-content';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/banners. */
export function addBanner(body: unknown) {
  return opsPost<OpsBanner>('/content/banners', body);
}
