import type { SavedAudience } from '@playon/shared/ops-audiences';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ListQuery, opsGet, type Page } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/community/audiences: the saved audiences, newest first. */
export function getAudiences(query: ListQuery) {
  return opsGet<Page<SavedAudience>>('/community/audiences', query);
}

export const audiencesQuery = (list: ListQuery) =>
  queryOptions({ queryKey: opsKeys.community.audiences(list), queryFn: () => getAudiences(list) });

/** Every saved audience at once (the first hundred), for the broadcast form's choice. */
export function useAudienceChoices(enabled: boolean) {
  return useQuery({ ...audiencesQuery({ q: '', page: 1, pageSize: 100 }), enabled });
}
