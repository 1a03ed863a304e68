import type { StaffQuestionSaved } from '@qbank/contract/staff-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffQuestionKey } from './get-staff-question';
import { itemPath, keys } from '../../../lib/api-paths';
import { staffPaths } from '../../../lib/staff-paths';

/** POST /api/staff/questions/{id}/versions/{n}/revert/: that version's content as a new version. */
export function revertVersion({ id, number }: { id: number; number: number }) {
  return apiRequest<StaffQuestionSaved>(
    itemPath(staffPaths.questions, id, `versions/${number}/revert`),
    { method: 'POST' },
  );
}

export function useRevertVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revertVersion,
    onSuccess: (question) => {
      client.setQueryData(staffQuestionKey(question.id), question);
      void client.invalidateQueries({ queryKey: keys.staff.root });
    },
  });
}
