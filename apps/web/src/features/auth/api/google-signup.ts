import type { AccessTokenRequest, AuthResponse } from '@qbank/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

export function googleSignUp(accessToken: string): Promise<AuthResponse> {
  return apiRequest<AuthResponse>(`${paths.auth}google-signup/`, {
    method: 'POST',
    body: { access_token: accessToken } satisfies AccessTokenRequest,
  });
}

/**
 * The session starts on /auth/complete-registration (it receives the answer in the navigation
 * state): started here, the guard would see a confirmed user on /auth/sign-up and send them to
 * /modules before the names and phone are asked.
 */
export function useGoogleSignUp() {
  return useMutation({ mutationFn: googleSignUp });
}
