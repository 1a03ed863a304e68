import type { CasePage } from '@qbank/contract/staff-content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys } from '../../../lib/api-paths';
import { staffPaths } from '../../../lib/staff-paths';

export type CaseParams = Record<string, string | undefined>;

/** GET /api/staff/cases/: the clinical cases, newest first. */
export function getCases(params: CaseParams): Promise<CasePage> {
  return apiRequest<CasePage>(staffPaths.cases, { query: params });
}

export const casesQueryOptions = (params: CaseParams) =>
  queryOptions({
    queryKey: [...keys.staff.cases, params],
    queryFn: () => getCases(params),
    placeholderData: keepPreviousData,
  });

export function useCases(params: CaseParams) {
  return useQuery(casesQueryOptions(params));
}
