import type { OpsTvItem } from '@playon/shared/ops-content';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/tv. */
export function addTv(body: unknown) {
  return opsPost<OpsTvItem>('/content/tv', body);
}
