import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { endSession } from '../../../lib/current-user';
import { paths } from '../../../lib/api-paths';

export function deleteAccount(): Promise<unknown> {
  return apiRequest(paths.deleteAccount, { method: 'DELETE' });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, onSuccess: endSession });
}
