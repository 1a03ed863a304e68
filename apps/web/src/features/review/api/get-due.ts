import type { Paginated } from '@qbank/contract/common';
import type { DueCard } from '@qbank/contract/review';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/review/due/: cards due by the end of today, soonest first. */
export function getDue(page: number): Promise<Paginated<DueCard>> {
  return apiRequest<Paginated<DueCard>>('review/due/', {
    query: { page, page_size: 20 },
  });
}

export const dueQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['review', 'due', page],
    queryFn: () => getDue(page),
    placeholderData: keepPreviousData,
  });

export const useDue = (page: number) => useQuery(dueQueryOptions(page));
