import type { Module } from '@qbank/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** An item of GET /api/moduls/ for the caller. */
export type ModuleItem = Module;

/** Small catalogue list: a plain array, or a page if the server ever paginates it. */
export async function getModules(): Promise<ModuleItem[]> {
  const data = await apiRequest<ModuleItem[] | { results: ModuleItem[] }>('moduls/');
  return Array.isArray(data) ? data : data.results;
}

export const modulesQueryOptions = queryOptions({ queryKey: ['modules'], queryFn: getModules });

export function useModules() {
  return useQuery(modulesQueryOptions);
}
