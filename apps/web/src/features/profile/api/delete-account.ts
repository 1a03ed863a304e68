import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { endSession } from '../../../lib/current-user';

export function deleteAccount(): Promise<unknown> {
  return apiRequest('delete-account/', { method: 'DELETE' });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, onSuccess: endSession });
}
