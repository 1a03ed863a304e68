import type { Course } from '@qbank/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/courss/?module=: the module's courses with the caller's progress and marks. */
export function getCourses(module: number): Promise<Course[]> {
  return apiRequest<Course[]>('courss/', { query: { module } });
}

export const coursesQueryOptions = (module: number) =>
  queryOptions({ queryKey: ['catalogue', 'courses', module], queryFn: () => getCourses(module) });

export function useCourses(module: number) {
  return useQuery(coursesQueryOptions(module));
}
