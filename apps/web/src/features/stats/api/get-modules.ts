import type { Module } from '@qbank/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/moduls/: the modules, for the exam relevance's choice (same cache key as elsewhere). */
export const statsModulesQueryOptions = queryOptions({
  queryKey: ['modules'],
  queryFn: async () => {
    const data = await apiRequest<Module[] | { results: Module[] }>('moduls/');
    return Array.isArray(data) ? data : data.results;
  },
});

export function useStatsModules() {
  return useQuery(statsModulesQueryOptions);
}
