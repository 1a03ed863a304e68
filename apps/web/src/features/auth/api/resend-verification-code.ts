import type { EmailRequest } from '@qbank/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function resendVerificationCode(body: EmailRequest): Promise<unknown> {
  return apiRequest('auth/resend_email_verification_code/', { method: 'POST', body });
}

export function useResendVerificationCode() {
  return useMutation({ mutationFn: resendVerificationCode });
}
