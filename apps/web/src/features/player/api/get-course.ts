import type { Course } from '@qbank/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, keys, paths } from '../../../lib/api-paths';

export function getCourse(id: number): Promise<Course> {
  return apiRequest<Course>(itemPath(paths.courses, id));
}

export const courseQueryOptions = (id: number) =>
  queryOptions({ queryKey: keys.courses.one(id), queryFn: () => getCourse(id) });

export function useCourse(id: number) {
  return useQuery(courseQueryOptions(id));
}
