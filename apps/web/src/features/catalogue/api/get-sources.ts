import type { Source } from '@qbank/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys, paths } from '../../../lib/api-paths';

/** GET /api/sourcs/?module=: the exam sessions the module's questions come from. */
export function getSources(module: number): Promise<Source[]> {
  return apiRequest<Source[]>(paths.sources, { query: { module } });
}

export const sourcesQueryOptions = (module: number) =>
  queryOptions({ queryKey: keys.catalogue.sources(module), queryFn: () => getSources(module) });

export function useSources(module: number) {
  return useQuery(sourcesQueryOptions(module));
}
