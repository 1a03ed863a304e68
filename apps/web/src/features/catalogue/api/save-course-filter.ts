import type { CourseFilter, CourseFilterCreate, CourseFilterUpdate } from '@qbank/contract/filters';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, keys, paths } from '../../../lib/api-paths';

/**
 * The course's source filter: POST when there is none, PATCH when there is one, DELETE when the
 * learner unticks every source (an empty list means "all sources").
 */
export async function saveCourseFilter(
  course: number,
  sources: number[],
): Promise<CourseFilter | null> {
  const existing = await apiRequest<CourseFilter[]>(paths.courseFilters, { query: { course } });
  const current = existing[0];
  if (sources.length === 0) {
    for (const filter of existing)
      await apiRequest(itemPath(paths.courseFilters, filter.id), { method: 'DELETE' });
    return null;
  }
  if (current)
    return apiRequest<CourseFilter>(itemPath(paths.courseFilters, current.id), {
      method: 'PATCH',
      body: { course_sources: sources } satisfies CourseFilterUpdate,
    });
  return apiRequest<CourseFilter>(paths.courseFilters, {
    method: 'POST',
    body: { course, course_sources: sources } satisfies CourseFilterCreate,
  });
}

export function useSaveCourseFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ course, sources }: { course: number; sources: number[] }) =>
      saveCourseFilter(course, sources),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.catalogue.courses() });
      // The course's question lists change with its filter.
      void queryClient.invalidateQueries({ queryKey: keys.questions.root });
    },
  });
}
