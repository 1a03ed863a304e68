import type { Paginated } from '@qbank/contract/common';
import type { HistoryEntry } from '@qbank/contract/history';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys, paths } from '../../../lib/api-paths';

export type HistoryFilters = {
  page: number;
  module?: number;
  course?: number;
  is_correct?: boolean;
};

/** GET /api/question_answer_history/: the caller's answers, newest first, 10 a page. */
export function getHistory(filters: HistoryFilters): Promise<Paginated<HistoryEntry>> {
  return apiRequest<Paginated<HistoryEntry>>(paths.history, {
    query: { ...filters, page_size: 10 },
  });
}

export const historyQueryOptions = (filters: HistoryFilters) =>
  queryOptions({
    queryKey: [...keys.history, filters],
    queryFn: () => getHistory(filters),
    placeholderData: keepPreviousData,
  });

export function useHistory(filters: HistoryFilters) {
  return useQuery(historyQueryOptions(filters));
}
