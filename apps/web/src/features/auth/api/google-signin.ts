import type { AccessTokenRequest, AuthResponse } from '@qbank/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../../../lib/current-user';
import { paths } from '../../../lib/api-paths';

export function googleSignIn(accessToken: string): Promise<AuthResponse> {
  return apiRequest<AuthResponse>(`${paths.auth}google-signin/`, {
    method: 'POST',
    body: { access_token: accessToken } satisfies AccessTokenRequest,
  });
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: googleSignIn, onSuccess: (a) => startSession(a.key, a.user) });
}
