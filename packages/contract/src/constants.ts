// Plain values shared by server and web, with no zod import: the web bundles this file without
// pulling the full zod library into every route.

export const QUESTION_KINDS = ['qcs', 'qcm'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
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
export const EXPORT_FORMATS = ['json', 'csv', 'qti', 'moodle-xml'] as const;

export const MIN_CHOICES = 2;
/** Extended-matching questions have up to 26 options, one per letter (issue 39). */
export const MAX_CHOICES = 26;
/** A choice's letter is its position: A is the first, Z the 26th (MAX_CHOICES). */
export const CHOICE_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const choiceLetter = (index: number): string => CHOICE_LETTERS[index] ?? String(index + 1);

/** Reports (seed §7): why a learner reports a question, and where staff's handling leaves it. */
export const REPORT_REASON_VALUES = [
  'wrong_answer',
  'typo',
  'outdated',
  'duplicate',
  'other',
] as const;
export const REPORT_STATUS_VALUES = ['open', 'resolved', 'rejected'] as const;

/** How an answer was given: in the study player or inside an exam. */
export const ANSWER_MODES = ['study', 'exam'] as const;

/** A purchase as the learner and staff see it (stored rows keep fewer states). */
export const PURCHASE_STATUS_VALUES = ['pending', 'active', 'expired', 'rejected'] as const;

export const COMMENT_ORDERINGS = ['-created_at', 'created_at', '-rank'] as const;

/**
 * Server messages the web matches on to pick a translated message (seed §8). The server answers
 * with these exact strings; the web compares against the same constants.
 */
export const AUTH_MESSAGES = {
  loginFailed: 'Unable to log in with provided credentials.',
  signUpFirst: 'User does not exist. Please sign up first.',
  emailTaken: 'A user is already registered with this e-mail address.',
  tooCommon: 'This password is too common.',
} as const;

// Limits and markers the web needs at run time, here so a screen never loads zod for a number.

/** Spaced repetition settings' bounds (decision 038). */
export const DESIRED_RETENTION_MIN = 0.7;
export const DESIRED_RETENTION_MAX = 0.97;
export const MISTAKES_STREAK_MAX = 10;
/** Daily limits' largest value (new questions and reviews per learner day). */
export const DAILY_LIMIT_MAX = 9999;
/** Marks around the matched words of a search excerpt (control characters never found in a bank). */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';
/**
 * Distinct learners a question needs before any per-question figure is published (share right,
 * choice shares, median time): below it, one learner could read what another chose (decision 046).
 */
export const PEER_STATS_MIN_LEARNERS = 10;
/** The file field of POST /api/rports/ (multipart); one image, optional. */
export const REPORT_SCREENSHOT_FIELD = 'screenshot';
