import type { Course, Module } from '@qbank/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Module and course names for the filters and the entries (small plain lists). */
export const historyModulesQueryOptions = queryOptions({
  queryKey: ['modules'],
  queryFn: async () => {
    const data = await apiRequest<Module[] | { results: Module[] }>('moduls/');
    return Array.isArray(data) ? data : data.results;
  },
});

export const allCoursesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'courses', 'all'],
  queryFn: () => apiRequest<Course[]>('courss/'),
});

export function useHistoryCatalogue() {
  return {
    modules: useQuery(historyModulesQueryOptions),
    courses: useQuery(allCoursesQueryOptions),
  };
}
