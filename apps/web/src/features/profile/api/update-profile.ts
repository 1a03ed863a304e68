import { useMutation } from '@tanstack/react-query';
import { updateCurrentUser } from '../../../lib/current-user';

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateCurrentUser });
}
