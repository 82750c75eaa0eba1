import type { PlayerNotification } from '@playon/shared/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startFromPage } from '../../../lib/start-from-page';

export const notificationsKey = ['notifications'] as const;

/** GET /api/profile/notifications: the player's latest 100, newest first. */
export async function getNotifications(): Promise<PlayerNotification[]> {
  return (await apiRequest<PlayerNotification[]>('/profile/notifications')).payload;
}

export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationsKey,
    queryFn: getNotifications,
    staleTime: 60_000,
    ...startFromPage<PlayerNotification[]>('/profile/notifications'),
  });

export function useNotifications() {
  return useQuery(notificationsQuery());
}
