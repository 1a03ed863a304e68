import type { SessionResume } from '@qbank/contract/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys, paths } from '../../../lib/api-paths';

/** GET /api/sessions-resume/: the caller's unfinished sessions with answered/total. */
export function getResume(): Promise<SessionResume[]> {
  return apiRequest<SessionResume[]>(paths.sessionsResume);
}

export const resumeQueryOptions = queryOptions({
  queryKey: keys.sessions.resume,
  queryFn: getResume,
  staleTime: 0,
});

export function useResume() {
  return useQuery(resumeQueryOptions);
}
