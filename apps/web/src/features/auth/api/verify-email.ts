import type { CodeRequest } from '@qbank/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

/** POST /api/auth/verify_email/ {code}, sent with the new user's token. */
export function verifyEmail(body: CodeRequest): Promise<unknown> {
  return apiRequest(`${paths.auth}verify_email/`, { method: 'POST', body });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
