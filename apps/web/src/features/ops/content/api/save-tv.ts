import type { OpsTvItem } from '@playon/shared/ops-content';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/tv/:id. */
export function saveTv(id: number, body: unknown) {
  return opsPost<OpsTvItem>(`/content/tv/${id}`, body);
}
