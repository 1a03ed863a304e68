import type { SubscriptionCheck } from '@qbank/contract/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/check_sub/: whether the caller has an active subscription, and the free preview. */
export function checkSubscription(): Promise<SubscriptionCheck> {
  return apiRequest<SubscriptionCheck>('check_sub/');
}

export const checkSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ['subscriptions', 'check'],
    queryFn: checkSubscription,
    staleTime: 60_000,
  });

export function useCheckSubscription() {
  return useQuery(checkSubscriptionQueryOptions());
}
