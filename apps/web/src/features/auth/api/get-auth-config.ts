import type { AuthConfig } from '@qbank/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys, paths } from '../../../lib/api-paths';

export function getAuthConfig(): Promise<AuthConfig> {
  return apiRequest<AuthConfig>(`${paths.auth}config/`);
}

export const authConfigQueryOptions = queryOptions({
  queryKey: [...keys.auth, 'config'],
  queryFn: getAuthConfig,
  staleTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions);
}
