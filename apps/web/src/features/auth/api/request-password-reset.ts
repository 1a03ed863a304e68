import type { EmailRequest } from '@qbank/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

export function requestPasswordReset(body: EmailRequest): Promise<unknown> {
  return apiRequest(`${paths.passwordReset}request/`, { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
