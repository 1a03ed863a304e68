import type { Module } from '@qbank/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getModule(id: number): Promise<Module> {
  return apiRequest<Module>(`moduls/${id}/`);
}

export const moduleQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['catalogue', 'module', id], queryFn: () => getModule(id) });

export function useModule(id: number) {
  return useQuery(moduleQueryOptions(id));
}
