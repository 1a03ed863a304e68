import type { About } from '@qbank/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys, paths } from '../../../lib/api-paths';

export function getAbout(): Promise<About> {
  return apiRequest<About>(paths.about);
}

export const aboutQueryOptions = queryOptions({
  queryKey: keys.about,
  queryFn: getAbout,
  staleTime: Infinity,
});

export function useAbout() {
  return useQuery(aboutQueryOptions);
}
