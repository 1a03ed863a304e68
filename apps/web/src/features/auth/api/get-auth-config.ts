import type { AuthConfig } from '@qbank/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePainted } from '../../../lib/after-paint';
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

/** Asked once the screen has painted: the form shows first, a provider's button after. */
export function useAuthConfig() {
  return useQuery({ ...authConfigQueryOptions, enabled: usePainted() });
}
