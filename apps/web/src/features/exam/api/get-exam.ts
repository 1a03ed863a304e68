import type { QuestionKind } from '@qbank/contract/constants';
import type { Exam } from '@qbank/contract/questions';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

export type ExamRequest = {
  modules: number[];
  courses: number[];
  sources: number[];
  types: QuestionKind[];
  count: number;
  unanswered: boolean;
  incorrect: boolean;
  favorite: boolean;
  /** Only the questions the learner flagged (`flaggedIds`, read from their browser). */
  flagged?: boolean;
  flaggedIds?: number[];
  seed: string;
  /** Peer difficulties 1–5 (empty: any). */
  difficulty?: number[];
};

const list = (ids: readonly (number | string)[]) => (ids.length ? ids.join(',') : undefined);

export type BlockFilters = Omit<ExamRequest, 'count' | 'seed'>;

/** The builder's filters as query parameters (the draw and the live counts share them). */
export function filterQuery(request: BlockFilters) {
  return {
    modules: list(request.modules),
    courses: list(request.courses),
    sources: list(request.sources),
    types: list(request.types),
    unanswered: request.unanswered || undefined,
    incorrect: request.incorrect || undefined,
    favorite: request.favorite || undefined,
    flagged: list(request.flaggedIds ?? []),
    flagged_only: request.flagged || undefined,
    difficulty: list(request.difficulty ?? []),
  };
}

/** GET /api/questions_exam/: a sample of questions built from the filters (same seed, same sample). */
export function getExam(request: ExamRequest): Promise<Exam> {
  return apiRequest(paths.exam, {
    query: { ...filterQuery(request), count: request.count, seed: request.seed },
  });
}
