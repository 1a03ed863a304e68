import type { Paginated } from '@qbank/contract/common';
import type { Mistake, Scope } from '@qbank/contract/review';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type MistakesFilter = Scope & { page: number; leech?: boolean };

/** GET /api/mistakes/: the shelf, leeches first, then the latest mistakes. */
export function getMistakes(filter: MistakesFilter): Promise<Paginated<Mistake>> {
  return apiRequest<Paginated<Mistake>>('mistakes/', { query: { ...filter, page_size: 20 } });
}

export const mistakesQueryOptions = (filter: MistakesFilter) =>
  queryOptions({
    queryKey: ['review', 'mistakes', filter],
    queryFn: () => getMistakes(filter),
    placeholderData: keepPreviousData,
  });

export const useMistakes = (filter: MistakesFilter) => useQuery(mistakesQueryOptions(filter));
