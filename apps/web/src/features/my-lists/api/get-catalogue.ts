import type { Course, Module, Source } from '@qbank/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const plain = <T>(data: T[] | { results: T[] }) => (Array.isArray(data) ? data : data.results);

/** Names for the lists: GET /api/moduls/, /api/courss/ and /api/sourcs/ (small plain lists). */
export const modulesQueryOptions = queryOptions({
  queryKey: ['modules'],
  queryFn: async () => plain(await apiRequest<Module[] | { results: Module[] }>('moduls/')),
});
export const coursesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'courses', 'all'],
  queryFn: async () => plain(await apiRequest<Course[] | { results: Course[] }>('courss/')),
});
export const sourcesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'sources', 'all'],
  queryFn: async () => plain(await apiRequest<Source[] | { results: Source[] }>('sourcs/')),
});

export function useCatalogueNames() {
  return {
    modules: useQuery(modulesQueryOptions),
    courses: useQuery(coursesQueryOptions),
    sources: useQuery(sourcesQueryOptions),
  };
}
