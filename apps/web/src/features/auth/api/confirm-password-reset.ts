import type { ResetConfirmRequest } from '@qbank/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function confirmPasswordReset(body: ResetConfirmRequest): Promise<unknown> {
  return apiRequest('password-reset/verify_email/', { method: 'POST', body });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
