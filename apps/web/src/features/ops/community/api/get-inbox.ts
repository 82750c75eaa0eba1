import type { FeedbackListItem, FeedbackStatus } from '@playon/shared/ops-community';
import { queryOptions } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/community/feedback: what players sent through 'Drop us a line', by status. */
export function getInbox(status: FeedbackStatus | undefined, query: ListQuery) {
  return opsGet<Page<FeedbackListItem>>('/community/feedback', { ...query, status });
}

export const inboxQuery = (status: FeedbackStatus | undefined) => (list: ListQuery) =>
  queryOptions({
    queryKey: opsKeys.community.inbox(status ?? 'all', list),
    queryFn: () => getInbox(status, list),
  });
