// Plain values shared by server and web, with no zod import: the web bundles this file without
// pulling the full zod library into every route.

export const QUESTION_KINDS = ['qcs', 'qcm'] as const;
export const EXAM_COUNT_MAX = 200;
export const EXAM_COUNT_DEFAULT = 20;
export const SCORING_RULES = ['all_or_nothing', 'partial'] as const;
export const RATINGS = ['again', 'hard', 'good', 'easy'] as const;
