import type { AuthResponse, LoginRequest } from '@qbank/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../../../lib/current-user';
import { paths } from '../../../lib/api-paths';

export function login(body: LoginRequest): Promise<AuthResponse> {
  return apiRequest<AuthResponse>(`${paths.auth}login/`, { method: 'POST', body });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => startSession(answer.key, answer.user),
  });
}
