import type { RegistrationRequest } from '@qbank/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../../../lib/current-user';
import type { AuthAnswer } from './login';

export type RegistrationBody = RegistrationRequest;

export function register(body: RegistrationBody): Promise<AuthAnswer> {
  return apiRequest<AuthAnswer>('auth/registration/', { method: 'POST', body });
}

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: (answer) => startSession(answer.key, answer.user),
  });
}
