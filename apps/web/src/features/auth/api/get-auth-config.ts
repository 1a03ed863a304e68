import type { AuthConfig } from '@qbank/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getAuthConfig(): Promise<AuthConfig> {
  return apiRequest<AuthConfig>('auth/config/');
}

export const authConfigQueryOptions = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: getAuthConfig,
  staleTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions);
}
