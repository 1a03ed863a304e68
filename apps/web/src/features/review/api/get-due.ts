import type { Paginated } from '@qbank/contract/common';
import type { DueCard, Scope } from '@qbank/contract/review';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/review/due/: cards due by the end of today, soonest first. */
export function getDue(page: number, scope: Scope = {}): Promise<Paginated<DueCard>> {
  return apiRequest<Paginated<DueCard>>('review/due/', {
    query: { page, page_size: 20, ...scope },
  });
}

export const dueQueryOptions = (page: number, scope: Scope = {}) =>
  queryOptions({
    queryKey: ['review', 'due', page, scope],
    queryFn: () => getDue(page, scope),
    placeholderData: keepPreviousData,
  });

export const useDue = (page: number, scope: Scope = {}) => useQuery(dueQueryOptions(page, scope));
