import type { Paginated } from '@qbank/contract/common';
import type { Question } from '@qbank/contract/questions';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys, paths } from '../../../lib/api-paths';

export const PAGE_SIZE = 10;

export type QuestionPageParams = {
  course: number;
  session?: number;
  page: number;
  /** Peer difficulties, e.g. '4' (decision 039); absent: any. */
  difficulty?: string;
};
export type QuestionPage = Paginated<Question>;

/** GET /api/questns/ for a course, 10 a page, with the caller's answers in `session`. */
export function getQuestionPage({
  course,
  session,
  page,
  difficulty,
}: QuestionPageParams): Promise<QuestionPage> {
  return apiRequest<QuestionPage>(paths.questions, {
    query: { course, session, page, page_size: PAGE_SIZE, difficulty: difficulty || undefined },
  });
}

export const questionPageQueryOptions = (params: QuestionPageParams) =>
  queryOptions({
    queryKey: [
      ...keys.questions.pages,
      params.course,
      params.session ?? null,
      params.page,
      params.difficulty ?? '',
    ],
    queryFn: () => getQuestionPage(params),
    staleTime: 5 * 60_000,
  });

export function useQuestionPage(params: QuestionPageParams, enabled = true) {
  return useQuery({ ...questionPageQueryOptions(params), enabled });
}

/** Warms the cache so moving to the next page shows it without waiting for the network. */
export function prefetchQuestionPage(queryClient: QueryClient, params: QuestionPageParams) {
  return queryClient.prefetchQuery(questionPageQueryOptions(params));
}

/** Applies `change` to a question wherever a cached list holds it. */
export function updateCachedQuestion(
  queryClient: QueryClient,
  id: number,
  change: (q: Question) => Question,
) {
  queryClient.setQueriesData<QuestionPage>({ queryKey: keys.questions.pages }, (data) =>
    data && data.results.some((q) => q.id === id)
      ? { ...data, results: data.results.map((q) => (q.id === id ? change(q) : q)) }
      : data,
  );
  queryClient.setQueriesData<Question>({ queryKey: keys.questions.one(id) }, (data) =>
    data ? change(data) : data,
  );
}
