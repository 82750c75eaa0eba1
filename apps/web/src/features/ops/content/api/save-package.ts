import type { OpsPackage } from '@playon/shared/ops-content';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/content/packages/:id. */
export function savePackage(id: number, body: unknown) {
  return opsPost<OpsPackage>(`/content/packages/${id}`, body);
}
