import type { AuthResponse, RegistrationRequest } from '@qbank/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../../../lib/current-user';
import { paths } from '../../../lib/api-paths';

export function register(body: RegistrationRequest): Promise<AuthResponse> {
  return apiRequest<AuthResponse>(`${paths.auth}registration/`, { method: 'POST', body });
}

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: (answer) => startSession(answer.key, answer.user),
  });
}
