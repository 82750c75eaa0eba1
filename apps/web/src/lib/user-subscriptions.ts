import type { UserSubscription } from '@playon/shared/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { formatDayAndMonth, formatTimeOfDay } from './format';

/**
 * GET /api/subscriptions/list: the player's subscriptions, expired ones included. Here rather than
 * in a feature because two need it: the plans screen marks what the player holds, and the review
 * screen says what a new plan does beside it before they pay.
 */
export async function getSubscriptions(): Promise<UserSubscription[]> {
  return (await apiRequest<UserSubscription[]>('/subscriptions/list')).payload;
}

// A subscription expires or is bought behind the screen's back: ask again on every visit.
export const subscriptionsQuery = () =>
  queryOptions({ queryKey: ['subscriptions'], queryFn: getSubscriptions, staleTime: 0 });

export function useSubscriptions(enabled = true) {
  return useQuery({ ...subscriptionsQuery(), enabled });
}

const dayOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** When a plan ends, in the player's words: a time today or tomorrow, or a date and time. */
export function endOf(
  iso: string,
  now: Date = new Date(),
): { day: 'today' | 'tomorrow' | 'date'; time: string; date: string } {
  const end = new Date(iso);
  const days = Math.round((dayOf(end) - dayOf(now)) / 86_400_000);
  return {
    day: days === 0 ? 'today' : days === 1 ? 'tomorrow' : 'date',
    time: formatTimeOfDay(end),
    date: formatDayAndMonth(end),
  };
}
