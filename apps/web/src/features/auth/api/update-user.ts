import { useMutation } from '@tanstack/react-query';
import { updateCurrentUser } from '../../../lib/current-user';

export function useUpdateUser() {
  return useMutation({ mutationFn: updateCurrentUser });
}
