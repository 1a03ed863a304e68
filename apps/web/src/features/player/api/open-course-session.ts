import type { Session, SessionCreate } from '@qbank/contract/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys, paths } from '../../../lib/api-paths';

/** POST /api/sessions/ {course_id}: the caller's current pass through the course (made when none). */
export function openCourseSession(course: number): Promise<Session> {
  return apiRequest<Session>(paths.sessions, {
    method: 'POST',
    body: { course_id: course } satisfies SessionCreate,
  });
}

export const courseSessionQueryOptions = (course: number) =>
  queryOptions({
    queryKey: keys.sessions.course(course),
    queryFn: () => openCourseSession(course),
    staleTime: Infinity,
  });

export function useCourseSession(course: number) {
  return useQuery(courseSessionQueryOptions(course));
}
