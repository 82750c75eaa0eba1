import type { AnswerFeedbackRequest, FeedbackDetail } from '@playon/shared/ops-community';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/community/feedback/:id/answer: mailed to the player; it may close the message too. */
export function answerFeedback(id: string, body: AnswerFeedbackRequest) {
  return opsPost<FeedbackDetail>(`/community/feedback/${id}/answer`, body);
}
