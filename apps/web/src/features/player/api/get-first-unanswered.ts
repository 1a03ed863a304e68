import type { FirstUnanswered } from '@qbank/contract/questions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PAGE_SIZE } from './get-questions';
import { keys, paths } from '../../../lib/api-paths';

/** GET /api/questns/first-unanswered/: page (10 a page) and index of the first unanswered question. */
export function getFirstUnanswered(course: number, session: number): Promise<FirstUnanswered> {
  return apiRequest<FirstUnanswered>(`${paths.questions}first-unanswered/`, {
    query: { course, session, page_size: PAGE_SIZE },
  });
}

export const firstUnansweredQueryOptions = (course: number, session: number) =>
  queryOptions({
    queryKey: [...keys.questions.root, 'first-unanswered', course, session],
    queryFn: () => getFirstUnanswered(course, session),
    // Read once when the player opens (never from an old cache entry: gcTime 0), and not
    // refetched while it is open, or answering would move the learner to the next question.
    staleTime: Infinity,
    gcTime: 0,
  });

export function useFirstUnanswered(course: number, session: number | undefined) {
  return useQuery({
    ...firstUnansweredQueryOptions(course, session ?? 0),
    enabled: session !== undefined,
  });
}
