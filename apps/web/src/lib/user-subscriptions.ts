import type { UserSubscription } from '@playon/shared/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/subscriptions/list: the player's subscriptions, expired ones included. */
export async function getSubscriptions(): Promise<UserSubscription[]> {
  return (await apiRequest<UserSubscription[]>('/subscriptions/list')).payload;
}

// A subscription expires or is bought behind the screen's back: ask again on every visit.
export const subscriptionsQuery = () =>
  queryOptions({ queryKey: ['subscriptions'], queryFn: getSubscriptions, staleTime: 0 });

export function useSubscriptions() {
  return useQuery(subscriptionsQuery());
}
