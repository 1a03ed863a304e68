import type { Paginated } from '@qbank/contract/common';
import type { BulkDeleteResult, Report, ReportBulkDelete } from '@qbank/contract/discussion';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { serverMessage } from './errors';
import { LIST_PAGE_SIZE } from './page-size';
import { keys, paths } from '../../../lib/api-paths';

export type ReportsFilter = { page: number; status?: Report['status'] };

/** GET /api/rports/: the caller's reports, 10 a page. */
export const reportsQueryOptions = (filter: ReportsFilter) =>
  queryOptions({
    queryKey: [...keys.myLists.root, 'reports', filter],
    queryFn: () =>
      apiRequest<Paginated<Report>>(paths.reports, {
        query: { ...filter, page_size: LIST_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export function useReports(filter: ReportsFilter) {
  return useQuery(reportsQueryOptions(filter));
}

/** POST /api/rports/bulk_delete {ids}; the server's error is passed on (seed §8). */
export function useDeleteReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest<BulkDeleteResult>(`${paths.reports}bulk_delete`, {
        method: 'POST',
        body: { ids } satisfies ReportBulkDelete,
      }),
    onError: (error) => notify('error', serverMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.myLists.reports }),
  });
}
