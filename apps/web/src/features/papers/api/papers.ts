import type {
  PaperAttempt,
  PaperResult,
  PastPaper,
  PaperAnswerInput,
} from '@qbank/contract/papers';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, keys, paths } from '../../../lib/api-paths';

/** GET /api/past_papers/: every past paper with the caller's attempts. */
export const papersQueryOptions = queryOptions({
  queryKey: keys.papers.root,
  queryFn: () => apiRequest<PastPaper[]>(paths.pastPapers),
});

/** GET /api/paper_attempts/{id}/: the sitting as the server has it (time left by its clock). */
export const attemptQueryOptions = (id: number) =>
  queryOptions({
    queryKey: keys.papers.attempt(id),
    queryFn: () => apiRequest<PaperAttempt>(itemPath(paths.paperAttempts, id)),
    // The server's copy is the truth: never refetched behind the learner's back mid-sitting.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** GET /api/paper_attempts/{id}/result/ */
export const resultQueryOptions = (id: number) =>
  queryOptions({
    queryKey: keys.papers.result(id),
    queryFn: () => apiRequest<PaperResult>(itemPath(paths.paperAttempts, id, 'result')),
  });

/** POST /api/past_papers/{id}/attempts/: starts a sitting or resumes the one under way. */
export function useStartPaper() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paperId: number) =>
      apiRequest<PaperAttempt>(itemPath(paths.pastPapers, paperId, 'attempts'), {
        method: 'POST',
      }),
    onSuccess: (attempt) => {
      client.setQueryData(keys.papers.attempt(attempt.id), attempt);
      void client.invalidateQueries({ queryKey: keys.papers.root, exact: true });
    },
  });
}

/** PUT /api/paper_attempts/{id}/answers/: saves one answer at once (a reload keeps it). */
export const saveAnswer = (attemptId: number, body: PaperAnswerInput) =>
  apiRequest<{ question: number; choices: number[]; seconds_left: number }>(
    itemPath(paths.paperAttempts, attemptId, 'answers'),
    { method: 'PUT', body },
  );

/** POST /api/paper_attempts/{id}/submit/ */
export function useSubmitPaper(attemptId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<PaperAttempt>(itemPath(paths.paperAttempts, attemptId, 'submit'), {
        method: 'POST',
      }),
    onSuccess: (attempt) => {
      client.setQueryData(keys.papers.attempt(attemptId), attempt);
      void client.invalidateQueries({ queryKey: keys.papers.root, exact: true });
      void client.invalidateQueries({ queryKey: keys.papers.result(attemptId) });
      void client.invalidateQueries({ queryKey: keys.history });
    },
  });
}
