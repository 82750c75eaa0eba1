import type { EventBanner } from '@playon/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startFromPage } from '../../../lib/start-from-page';

/** GET /api/events: the banners of the dashboard's slider, newest first. */
export async function getEvents(): Promise<EventBanner[]> {
  return (await apiRequest<EventBanner[]>('/events')).payload;
}

export const eventsQuery = () =>
  queryOptions({
    queryKey: ['events'],
    queryFn: getEvents,
    staleTime: 5 * 60_000,
    ...startFromPage<EventBanner[]>('/events'),
  });

export function useEvents() {
  return useQuery(eventsQuery());
}
