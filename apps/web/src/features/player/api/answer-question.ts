import type { LastAnswer } from '@qbank/contract/questions';
import type { SessionQuestion, SessionQuestionCreate } from '@qbank/contract/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { updateCachedQuestion } from './get-questions';
import { keys, paths } from '../../../lib/api-paths';

export type AnswerInput = SessionQuestionCreate;

/** POST /api/session_questions/: scores the answer, stores it in the session and the history. */
export function answerQuestion(input: AnswerInput): Promise<SessionQuestion> {
  return apiRequest<SessionQuestion>(paths.sessionQuestions, { method: 'POST', body: input });
}

export function useAnswerQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerQuestion,
    onSuccess: (answer) => {
      // The cached page learns the answer: going back shows the correction without a request.
      updateCachedQuestion(queryClient, answer.question, (q) => ({
        ...q,
        last_answer: {
          choices: answer.choices,
          is_correct: answer.is_correct,
          score: answer.score,
          answered_at: answer.answered_at,
        } satisfies LastAnswer,
        correction: {
          correct_choices: answer.correct_choices,
          explanation: answer.explanation,
          choice_explanations: Object.fromEntries(
            answer.choice_explanations.map((c) => [String(c.id), c.explanation]),
          ),
        },
      }));
      void queryClient.invalidateQueries({ queryKey: keys.sessions.resume });
      void queryClient.invalidateQueries({ queryKey: keys.history });
    },
  });
}
