import type { ReviewRun, Scope } from '@qbank/contract/review';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

export type RunRequest = Scope & { source: 'due' | 'mistakes'; mode: 'study' | 'exam' };

/** POST /api/review/runs/: the questions of a run (and its session, for study). */
export function startRun(body: RunRequest): Promise<ReviewRun> {
  return apiRequest<ReviewRun>(paths.reviewRuns, {
    method: 'POST',
    body,
  });
}

export const useStartRun = () => useMutation({ mutationFn: startRun });
