import type { SupportSetting } from '@playon/shared/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** GET /api/ops/content/support: the contacts under 'Drop us a line'. */
export function getSupport() {
  return opsGet<{ name: SupportSetting['name']; value: string }[]>('/content/support');
}

export const supportQuery = () => queryOptions({ queryKey: opsKeys.content.support(), queryFn: getSupport });

export function useSupport() {
  return useQuery(supportQuery());
}
