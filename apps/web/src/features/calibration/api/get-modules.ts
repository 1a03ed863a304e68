import type { Module } from '@qbank/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/moduls/: the module names of the report's filter. */
export function getModules(): Promise<Module[]> {
  return apiRequest<Module[] | { results: Module[] }>('moduls/').then((data) =>
    Array.isArray(data) ? data : data.results,
  );
}

export const calibrationModulesQueryOptions = queryOptions({
  queryKey: ['calibration', 'modules'],
  queryFn: getModules,
});

export function useModules() {
  return useQuery(calibrationModulesQueryOptions);
}
