// Plain values shared by server and web, with no zod import: the web bundles this file without
// pulling the full zod library into every route.

export const QUESTION_KINDS = ['qcs', 'qcm'] as const;
export const EXAM_COUNT_MAX = 200;
export const EXAM_COUNT_DEFAULT = 20;
export const SCORING_RULES = ['all_or_nothing', 'partial'] as const;
export const RATINGS = ['again', 'hard', 'good', 'easy'] as const;

/** Back office (issue 12): the question workflow, the bank table's orderings, file formats. */
export const QUESTION_STATUSES = ['draft', 'in_review', 'live', 'withdrawn'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** The workflow: which status may follow which. */
export const STATUS_TRANSITIONS: Record<QuestionStatus, QuestionStatus[]> = {
  draft: ['in_review'],
  in_review: ['draft', 'live'],
  live: ['withdrawn'],
  withdrawn: ['draft', 'live'],
};

export const BANK_ORDERINGS = [
  'id',
  '-id',
  'updated_at',
  '-updated_at',
  'status',
  '-status',
  'type',
  '-type',
  'reports',
  '-reports',
  'facility',
  '-facility',
  'answers',
  '-answers',
  'discrimination',
  '-discrimination',
] as const;

export const IMPORT_FORMATS = ['json', 'csv', 'gift', 'aiken', 'moodle-xml'] as const;
export const EXPORT_FORMATS = ['json', 'csv', 'qti'] as const;

export const MIN_CHOICES = 2;
export const MAX_CHOICES = 8;
