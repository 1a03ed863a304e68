import type {
  StaffQuestion,
  StaffQuestionInput,
  StaffQuestionSaved,
} from '@qbank/contract/staff-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffQuestionKey } from './get-staff-question';
import { itemPath, keys } from '../../../lib/api-paths';
import { staffPaths } from '../../../lib/staff-paths';

/** POST /api/staff/questions/ (new draft) or PUT /api/staff/questions/{id}/ (an edit). */
export function saveQuestion({
  id,
  body,
}: {
  id: number | null;
  body: StaffQuestionInput;
}): Promise<StaffQuestion | StaffQuestionSaved> {
  return id === null
    ? apiRequest<StaffQuestion>(staffPaths.questions, { method: 'POST', body })
    : apiRequest<StaffQuestionSaved>(itemPath(staffPaths.questions, id), { method: 'PUT', body });
}

export function useSaveQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveQuestion,
    onSuccess: (question) => {
      client.setQueryData(staffQuestionKey(question.id), question);
      void client.invalidateQueries({ queryKey: keys.staff.root });
    },
  });
}
