import type { BlockCounts } from '@qbank/contract/questions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys, paths } from '../../../lib/api-paths';
import { filterQuery, type BlockFilters } from './get-exam';

/** GET /api/questions_exam/counts/: what the block and each other choice would leave. */
export function getBlockCounts(filters: BlockFilters): Promise<BlockCounts> {
  return apiRequest<BlockCounts>(paths.examCounts, { query: filterQuery(filters) });
}

export const blockCountsQueryOptions = (filters: BlockFilters) =>
  queryOptions({
    // Under the questions' root: an answer or a mark, which invalidate it, refreshes the counts.
    queryKey: [...keys.questions.root, 'block-counts', filterQuery(filters)] as const,
    queryFn: () => getBlockCounts(filters),
    // The previous counts stay while the next choice's load: the labels never flash empty.
    placeholderData: keepPreviousData,
  });

export const useBlockCounts = (filters: BlockFilters) => useQuery(blockCountsQueryOptions(filters));
