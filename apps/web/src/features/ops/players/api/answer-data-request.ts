import type { DataRequest } from '@playon/shared/ops-data-requests';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/players/data-requests/:id/answer: what was done, kept in the audit log. */
export function answerDataRequest(id: number, reason: string) {
  return opsPost<DataRequest>(`/players/data-requests/${id}/answer`, { reason });
}
