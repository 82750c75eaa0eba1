import type { AudienceDefinitionInput, AudienceSize } from '@playon/shared/ops-audiences';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/community/audiences/:id/size: how many players a saved audience holds now, and who first. */
export function getAudienceSize(id: number) {
  return opsGet<AudienceSize>(`/community/audiences/${id}/size`);
}

export const audienceSizeQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: opsKeys.community.audienceSize(id ?? 0),
    queryFn: () => getAudienceSize(id ?? 0),
    enabled: id !== undefined,
  });

export function useAudienceSize(id: number | undefined) {
  return useQuery(audienceSizeQuery(id));
}

/** GET /api/ops/community/audiences/size: an unsaved rule's size, as the form is filled in. */
export function getRuleSize(rule: AudienceDefinitionInput) {
  return opsGet<AudienceSize>('/community/audiences/size', rule);
}

/** Asked once the rule is whole (`rule` undefined until then). */
export function useRuleSize(rule: AudienceDefinitionInput | undefined) {
  return useQuery({
    queryKey: opsKeys.community.audienceSize(rule ?? {}),
    queryFn: () => getRuleSize(rule as AudienceDefinitionInput),
    enabled: rule !== undefined,
  });
}
