import type { QuestionStats } from '@qbank/contract/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, paths } from '../../../lib/api-paths';

/** GET /api/questns/{id}/stats/: what other learners did with a question. */
export function getQuestionStats(id: number): Promise<QuestionStats> {
  return apiRequest<QuestionStats>(itemPath(paths.questions, id, 'stats'));
}

export const questionStatsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['stats', 'question', id],
    queryFn: () => getQuestionStats(id),
  });

export function useQuestionStats(id: number, enabled: boolean) {
  return useQuery({ ...questionStatsQueryOptions(id), enabled });
}
