import type { BankPage } from '@qbank/contract/staff-content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys } from '../../../lib/api-paths';
import { staffPaths } from '../../../lib/staff-paths';

export type BankParams = Record<string, string | undefined>;

export function getBank(params: BankParams, signal?: AbortSignal): Promise<BankPage> {
  return apiRequest<BankPage>(staffPaths.questions, { query: params, signal });
}

export const bankQueryOptions = (params: BankParams) =>
  queryOptions({
    queryKey: [...keys.staff.root, 'bank', params],
    // The signal cancels a search left behind by the next one (the old key loses its observer).
    queryFn: ({ signal }) => getBank(params, signal),
    placeholderData: keepPreviousData,
  });

export function useBank(params: BankParams) {
  return useQuery(bankQueryOptions(params));
}
