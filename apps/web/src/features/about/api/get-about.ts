import type { About } from '@qbank/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getAbout(): Promise<About> {
  return apiRequest<About>('about/');
}

export const aboutQueryOptions = queryOptions({
  queryKey: ['about'],
  queryFn: getAbout,
  staleTime: Infinity,
});

export function useAbout() {
  return useQuery(aboutQueryOptions);
}
