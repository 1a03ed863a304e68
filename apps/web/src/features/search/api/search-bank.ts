import type { Paginated } from '@qbank/contract/common';
import type { Question } from '@qbank/contract/questions';
import type { SearchHit } from '@qbank/contract/search';
import type { Session, SessionCreate } from '@qbank/contract/sessions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys, paths } from '../../../lib/api-paths';

export const SEARCH_PAGE_SIZE = 10;
/** A block started from the results takes at most this many (the API's largest page). */
export const BLOCK_MAX = 100;

/** GET /api/search/: a page of the questions the learner's plan opens that hold the words. */
export function searchBank(q: string, page: number, pageSize = SEARCH_PAGE_SIZE) {
  return apiRequest<Paginated<SearchHit>>(paths.search, {
    query: { q, page, page_size: pageSize },
  });
}

export const searchQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: [...keys.search, q, page],
    queryFn: () => searchBank(q, page),
    placeholderData: keepPreviousData,
    enabled: q.trim() !== '',
  });

export const useSearchBank = (q: string, page: number) => useQuery(searchQueryOptions(q, page));

/** The best `BLOCK_MAX` matches in full, for a block (all readable: the search keeps to the plan). */
export async function blockQuestions(q: string): Promise<Question[]> {
  const page = await searchBank(q, 1, BLOCK_MAX);
  return page.results.map((hit) => hit.question).filter((question) => !question.is_locked);
}

/** POST /api/sessions/ with `{name, question_ids}`: the study block's answers are logged there. */
export function startSearchSession(name: string, questionIds: number[]): Promise<Session> {
  return apiRequest<Session>(paths.sessions, {
    method: 'POST',
    body: { name, question_ids: questionIds } satisfies SessionCreate,
  });
}
