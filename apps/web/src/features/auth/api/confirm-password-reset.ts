import type { ResetConfirmRequest } from '@qbank/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

export function confirmPasswordReset(body: ResetConfirmRequest): Promise<unknown> {
  return apiRequest(`${paths.passwordReset}verify_email/`, { method: 'POST', body });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
