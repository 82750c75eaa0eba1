import type { FeedbackDetail } from '@playon/shared/ops-community';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/community/feedback/:id/close: nothing more to do. */
export function closeFeedback(id: string) {
  return opsPost<FeedbackDetail>(`/community/feedback/${id}/close`, {});
}
