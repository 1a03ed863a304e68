import type { Module } from '@qbank/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Small catalogue list: a plain array, or a page if the server ever paginates it. */
export async function getModules(): Promise<Module[]> {
  const data = await apiRequest<Module[] | { results: Module[] }>('moduls/');
  return Array.isArray(data) ? data : data.results;
}

export const modulesQueryOptions = queryOptions({ queryKey: ['modules'], queryFn: getModules });

export function useModules() {
  return useQuery(modulesQueryOptions);
}
