import type { ArchivedQuery, Plan } from '@qbank/contract/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys, paths } from '../../../lib/api-paths';

/** GET /api/subs/?is_archived=false (seed §9: subscription lists leave archived ones out). */
export function getPlans(): Promise<Plan[]> {
  return apiRequest<Plan[]>(paths.plans, { query: { is_archived: false } satisfies ArchivedQuery });
}

export const plansQueryOptions = () =>
  queryOptions({ queryKey: [...keys.subscriptions, 'plans'], queryFn: getPlans });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
