import type { FeedbackDetail } from '@playon/shared/ops-community';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/community/feedback/:id/reopen. */
export function reopenFeedback(id: string) {
  return opsPost<FeedbackDetail>(`/community/feedback/${id}/reopen`, {});
}
