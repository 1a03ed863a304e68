import type { EmailRequest } from '@qbank/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

export function resendVerificationCode(body: EmailRequest): Promise<unknown> {
  return apiRequest(`${paths.auth}resend_email_verification_code/`, { method: 'POST', body });
}

export function useResendVerificationCode() {
  return useMutation({ mutationFn: resendVerificationCode });
}
