import type { SupportSetting } from '@playon/shared/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/contact-us/list: the support contacts that are set, as name/value pairs. */
export async function getSupportSettings(): Promise<SupportSetting[]> {
  return (await apiRequest<SupportSetting[]>('/contact-us/list')).payload;
}

export const supportSettingsQuery = () =>
  queryOptions({ queryKey: ['contact-us', 'list'], queryFn: getSupportSettings, staleTime: 30 * 60_000 });

export function useSupportSettings() {
  return useQuery(supportSettingsQuery());
}
