import type { ResetCodeRequest } from '@qbank/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

/** Checks a reset code without using it up. */
export function verifyResetCode(body: ResetCodeRequest): Promise<unknown> {
  return apiRequest(`${paths.passwordReset}verify_code/`, { method: 'POST', body });
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
