import type { SubscriptionPackage } from '@playon/shared/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * GET /api/subscription-packages/list. Here rather than in a feature because two need it: the
 * subscriptions screen lists the plans, and the payment screens apply the Bronze-only airtime rule.
 */
export async function getSubscriptionPackages(): Promise<SubscriptionPackage[]> {
  return (await apiRequest<SubscriptionPackage[]>('/subscription-packages/list')).payload;
}

// Plans and prices change with a deploy, not during a session.
export const subscriptionPackagesQuery = () =>
  queryOptions({
    queryKey: ['subscription-packages'],
    queryFn: getSubscriptionPackages,
    staleTime: 10 * 60_000,
  });

export function useSubscriptionPackages(enabled = true) {
  return useQuery({ ...subscriptionPackagesQuery(), enabled });
}

/** The package a subscription payment is for, by the payment context's subscriptionId. */
export function findPackage(
  packages: readonly SubscriptionPackage[] | undefined,
  subscriptionId: string | undefined,
): SubscriptionPackage | undefined {
  return packages?.find((item) => String(item.id) === subscriptionId);
}
