import type { Course } from '@qbank/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getCourse(id: number): Promise<Course> {
  return apiRequest<Course>(`courss/${id}/`);
}

export const courseQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['courses', 'one', id], queryFn: () => getCourse(id) });

export function useCourse(id: number) {
  return useQuery(courseQueryOptions(id));
}
