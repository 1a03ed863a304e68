import type { Course, Module, Source } from '@qbank/contract/catalogue';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { keys, paths } from './api-paths';

/**
 * The whole catalogue as small plain lists (GET /api/moduls/, /api/courss/, /api/sourcs/), shared
 * by every screen that names modules, courses or sources: one query each, one cache entry each.
 */
const plain = <T>(data: T[] | { results: T[] }) => (Array.isArray(data) ? data : data.results);

export async function getModules(): Promise<Module[]> {
  return plain(await apiRequest<Module[] | { results: Module[] }>(paths.modules));
}

export const modulesListQueryOptions = queryOptions({
  queryKey: keys.modules,
  queryFn: getModules,
});

export const allCoursesQueryOptions = queryOptions({
  queryKey: keys.catalogue.courses('all'),
  queryFn: async () => plain(await apiRequest<Course[] | { results: Course[] }>(paths.courses)),
});

export const allSourcesQueryOptions = queryOptions({
  queryKey: keys.catalogue.sources('all'),
  queryFn: async () => plain(await apiRequest<Source[] | { results: Source[] }>(paths.sources)),
});
