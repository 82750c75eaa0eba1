import type { OpsTvItem } from '@playon/shared/ops-content';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/tv/:id/remove. */
export function removeTv(id: number, reason: string) {
  return opsPost<OpsTvItem>(`/content/tv/${id}/remove`, { reason });
}
