import { opsPost } from '../../api/ops-request';

/** POST /api/ops/community/audiences/:id/delete: broadcasts sent to it keep its rule. */
export function deleteAudience(id: number) {
  return opsPost<{ id: number }>(`/community/audiences/${id}/delete`, {});
}
