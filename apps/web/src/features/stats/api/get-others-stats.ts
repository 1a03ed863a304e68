import type { OthersStats } from '@qbank/contract/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

/** GET /api/question_stats/others/?ids=: what other learners did, never counting the caller. */
export function getOthersStats(ids: number[]): Promise<OthersStats[]> {
  return apiRequest<OthersStats[]>(paths.othersStats, { query: { ids: ids.join(',') } });
}

export const othersStatsQueryOptions = (ids: number[]) =>
  queryOptions({
    queryKey: ['stats', 'others', ids.join(',')],
    queryFn: () => getOthersStats(ids),
    select: (list) => new Map(list.map((s) => [s.question, s])),
  });

/** One request for a whole review (an exam holds at most 200 questions). */
export function useOthersStats(ids: number[], enabled = true) {
  return useQuery({ ...othersStatsQueryOptions(ids), enabled: enabled && ids.length > 0 });
}
