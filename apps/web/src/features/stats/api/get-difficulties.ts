import type { QuestionDifficulty } from '@qbank/contract/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

/** GET /api/question_stats/?ids=: the peer difficulty of the questions of a list (≤ 100). */
export function getDifficulties(ids: number[]): Promise<QuestionDifficulty[]> {
  return apiRequest<QuestionDifficulty[]>(paths.questionStats, { query: { ids: ids.join(',') } });
}

export const difficultiesQueryOptions = (ids: number[]) =>
  queryOptions({
    queryKey: ['stats', 'difficulties', ids],
    queryFn: () => getDifficulties(ids),
    staleTime: 5 * 60_000,
  });

export function useDifficulties(ids: number[]) {
  return useQuery({ ...difficultiesQueryOptions(ids), enabled: ids.length > 0 });
}
