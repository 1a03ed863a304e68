import type { Dashboard } from '@qbank/contract/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

/** GET /api/dashboard/: the caller's counted answers by module, course, source and day. */
export function getDashboard(): Promise<Dashboard> {
  return apiRequest<Dashboard>(paths.dashboard);
}

export const dashboardQueryOptions = queryOptions({
  queryKey: ['stats', 'dashboard'],
  queryFn: getDashboard,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
