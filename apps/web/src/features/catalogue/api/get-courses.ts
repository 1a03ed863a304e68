import type { Course } from '@qbank/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys, paths } from '../../../lib/api-paths';

/** GET /api/courss/?module=: the module's courses with the caller's progress and marks. */
export function getCourses(module: number): Promise<Course[]> {
  return apiRequest<Course[]>(paths.courses, { query: { module } });
}

export const coursesQueryOptions = (module: number) =>
  queryOptions({ queryKey: keys.catalogue.courses(module), queryFn: () => getCourses(module) });

export function useCourses(module: number) {
  return useQuery(coursesQueryOptions(module));
}
