import type { Dashboard } from '@qbank/contract/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/dashboard/: the caller's counted answers by module, course, source and day. */
export function getDashboard(): Promise<Dashboard> {
  return apiRequest<Dashboard>('dashboard/');
}

export const dashboardQueryOptions = queryOptions({
  queryKey: ['stats', 'dashboard'],
  queryFn: getDashboard,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
