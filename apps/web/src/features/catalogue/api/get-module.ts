import type { Module } from '@qbank/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, keys, paths } from '../../../lib/api-paths';

export function getModule(id: number): Promise<Module> {
  return apiRequest<Module>(itemPath(paths.modules, id));
}

export const moduleQueryOptions = (id: number) =>
  queryOptions({ queryKey: keys.catalogue.module(id), queryFn: () => getModule(id) });

export function useModule(id: number) {
  return useQuery(moduleQueryOptions(id));
}
