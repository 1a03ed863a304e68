import type { UserUpdate } from '@qbank/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import {
  clearSession,
  getToken,
  mergeSessionUser,
  saveSession,
  useSession,
  type SessionUser,
} from './session';
import { queryClient } from './query-client';
import { paths } from './api-paths';

/** GET /api/auth/user/: the profile detail; shared by the guard, the header and the profile. */
export function getCurrentUser(): Promise<SessionUser> {
  return apiRequest<SessionUser>(`${paths.auth}user/`);
}

export const currentUserKey = (token: string | null) => ['auth', 'user', token] as const;

export function currentUserQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: currentUserKey(token),
    queryFn: async () => {
      const user = await getCurrentUser();
      mergeSessionUser(user);
      return user;
    },
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

export function useCurrentUser() {
  const { token } = useSession();
  return useQuery(currentUserQueryOptions(token));
}

/** Called after a sign-in or sign-up answer `{key, user}`. */
export function startSession(key: string, user: SessionUser): void {
  saveSession(user, key);
  queryClient.setQueryData(currentUserKey(key), { ...user, token: key });
}

/** PATCH /api/auth/user/ as multipart (seed §5: image only when it is a file, nulls left out). */
export async function updateCurrentUser(
  fields: Partial<Record<keyof UserUpdate | 'image', string | File | null>>,
): Promise<SessionUser> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (name === 'image' && !(value instanceof File)) continue;
    form.append(name, value);
  }
  const user = await apiRequest<SessionUser>(`${paths.auth}user/`, { method: 'PATCH', body: form });
  mergeSessionUser(user);
  queryClient.setQueryData(currentUserKey(getToken()), user);
  return user;
}

/** POST /api/auth/logout/, then the cookies go whatever the answer (seed §4). */
export async function logout(): Promise<void> {
  try {
    await apiRequest(`${paths.auth}logout/`, { method: 'POST' });
  } catch {
    // The key is forgotten locally either way.
  }
  endSession();
}

export function endSession(): void {
  clearSession();
  queryClient.clear();
}
