import type { SubscriptionCheck } from '@qbank/contract/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys, paths } from '../../../lib/api-paths';

/** GET /api/check_sub/: whether the caller has an active subscription, and the free preview. */
export function checkSubscription(): Promise<SubscriptionCheck> {
  return apiRequest<SubscriptionCheck>(paths.checkSubscription);
}

export const checkSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: [...keys.subscriptions, 'check'],
    queryFn: checkSubscription,
    staleTime: 60_000,
  });

export function useCheckSubscription() {
  return useQuery(checkSubscriptionQueryOptions());
}
