import type { Relevance } from '@qbank/contract/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

/** GET /api/exam-relevance/?module=: how often each course of a module came up in past exams. */
export function getRelevance(module: number): Promise<Relevance> {
  return apiRequest<Relevance>(paths.examRelevance, { query: { module } });
}

export const relevanceQueryOptions = (module: number) =>
  queryOptions({
    queryKey: ['stats', 'relevance', module],
    queryFn: () => getRelevance(module),
  });

export function useRelevance(module: number | null) {
  return useQuery({ ...relevanceQueryOptions(module ?? 0), enabled: module !== null });
}
