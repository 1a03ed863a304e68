import type { Course, Module, Source } from '@qbank/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The whole catalogue for the builder's choices (small plain lists). */
export const examModulesQueryOptions = queryOptions({
  queryKey: ['modules'],
  queryFn: async () => {
    const data = await apiRequest<Module[] | { results: Module[] }>('moduls/');
    return Array.isArray(data) ? data : data.results;
  },
});
export const examCoursesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'courses', 'all'],
  queryFn: () => apiRequest<Course[]>('courss/'),
});
export const examSourcesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'sources', 'all'],
  queryFn: () => apiRequest<Source[]>('sourcs/'),
});

export function useExamCatalogue() {
  return {
    modules: useQuery(examModulesQueryOptions),
    courses: useQuery(examCoursesQueryOptions),
    sources: useQuery(examSourcesQueryOptions),
  };
}
