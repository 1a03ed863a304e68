import type { MissClass } from '@qbank/contract/confidence-values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, paths } from '../../../lib/api-paths';

type MissClassified = { id: number; miss_class: MissClass | null };

/** PATCH /api/question_answer_history/:id/: why a wrong answer was missed (null clears it). */
export function classifyMiss(input: {
  history: number;
  missClass: MissClass | null;
}): Promise<MissClassified> {
  return apiRequest<MissClassified>(itemPath(paths.history, input.history), {
    method: 'PATCH',
    body: { miss_class: input.missClass },
  });
}

export function useClassifyMiss() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: classifyMiss,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['history'] });
      void queryClient.invalidateQueries({ queryKey: ['calibration'] });
    },
  });
}
