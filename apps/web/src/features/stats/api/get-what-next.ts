import type { WhatNextItem } from '@qbank/contract/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

/** GET /api/dashboard/what-next/: the caller's courses, weakest and most asked first. */
export function getWhatNext(limit = 5): Promise<{ results: WhatNextItem[] }> {
  return apiRequest(paths.dashboardWhatNext, { query: { limit } });
}

export const whatNextQueryOptions = (limit = 5) =>
  queryOptions({
    queryKey: ['stats', 'what-next', limit],
    queryFn: () => getWhatNext(limit),
  });

export function useWhatNext(limit = 5) {
  return useQuery(whatNextQueryOptions(limit));
}
