import type { QuestionStatus, StaffQuestion } from '@qbank/contract/staff-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffQuestionKey } from './get-staff-question';
import { itemPath, keys } from '../../../lib/api-paths';
import { staffPaths } from '../../../lib/staff-paths';

export function changeStatus({ id, status }: { id: number; status: QuestionStatus }) {
  return apiRequest<StaffQuestion>(itemPath(staffPaths.questions, id, 'status'), {
    method: 'POST',
    body: { status },
  });
}

export function useChangeStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeStatus,
    onSuccess: (question) => {
      client.setQueryData(staffQuestionKey(question.id), question);
      void client.invalidateQueries({ queryKey: keys.staff.root });
    },
  });
}
