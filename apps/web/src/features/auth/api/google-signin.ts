import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../../../lib/current-user';
import type { AuthAnswer } from './login';

export function googleSignIn(accessToken: string): Promise<AuthAnswer> {
  return apiRequest<AuthAnswer>('auth/google-signin/', {
    method: 'POST',
    body: { access_token: accessToken },
  });
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: googleSignIn, onSuccess: (a) => startSession(a.key, a.user) });
}
