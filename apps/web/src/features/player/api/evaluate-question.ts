import type { Evaluation, EvaluationCreate, Rating } from '@qbank/contract/history';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

/** POST /api/question-evaluations/: the learner's own rating, which schedules the next review. */
export function evaluateQuestion(question: number, rating: Rating): Promise<Evaluation> {
  return apiRequest<Evaluation>(paths.evaluations, {
    method: 'POST',
    body: { question, rating } satisfies EvaluationCreate,
  });
}

export function useEvaluateQuestion() {
  return useMutation({
    mutationFn: ({ question, rating }: { question: number; rating: Rating }) =>
      evaluateQuestion(question, rating),
  });
}
