import type { ArchivedQuery, Purchase } from '@qbank/contract/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys, paths } from '../../../lib/api-paths';

/** GET /api/mysubscriptions/?is_archived=false: the caller's purchases, newest first. */
export function getMySubscriptions(): Promise<Purchase[]> {
  return apiRequest<Purchase[]>(paths.mySubscriptions, {
    query: { is_archived: false } satisfies ArchivedQuery,
  });
}

export const mySubscriptionsQueryOptions = () =>
  queryOptions({ queryKey: [...keys.subscriptions, 'mine'], queryFn: getMySubscriptions });

export function useMySubscriptions() {
  return useQuery(mySubscriptionsQueryOptions());
}
