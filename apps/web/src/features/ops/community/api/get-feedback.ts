import type { FeedbackDetail } from '@playon/shared/ops-community';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/community/feedback/:id: the message, the answers mailed and the player. */
export function getFeedback(id: string) {
  return opsGet<FeedbackDetail>(`/community/feedback/${id}`);
}

export const feedbackQuery = (id: string) =>
  queryOptions({
    queryKey: opsKeys.community.feedbackMessage(id),
    queryFn: () => getFeedback(id),
    // An answer waits for the mail job a moment: look again until it has gone out.
    refetchInterval: (query) =>
      query.state.data?.answerList.some((answer) => answer.mailedAt === null) ? 2000 : false,
  });

export function useFeedback(id: string) {
  return useQuery(feedbackQuery(id));
}
