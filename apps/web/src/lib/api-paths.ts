/**
 * One place per API resource for its path (under /api/, the seed's spellings) and its TanStack
 * Query keys. Every fetch takes its path from `paths`; every query key and every invalidation
 * starts from `keys`, so a mutation invalidates exactly the lists that show its resource
 * (decision 043). Plain values only: importing this file costs the sign-in route nothing.
 */

/** `paths.x` is the collection; `itemPath(paths.x, id)` is one record of it. */
export const paths = {
  about: 'about/',
  attachments: 'attachmentsitem/',
  auth: 'auth/',
  buySubscription: 'buysubscription/',
  catalogueFavorites: 'favorites/',
  catalogueHides: 'hides/',
  calibration: 'question_answer_history/calibration/',
  checkSubscription: 'check_sub/',
  comments: 'comments/',
  commentReplies: 'comments_reply/',
  courseFilters: 'course_filters/',
  courses: 'courss/',
  dashboard: 'dashboard/',
  dashboardWhatNext: 'dashboard/what-next/',
  deleteAccount: 'delete-account/',
  evaluations: 'question-evaluations/',
  exam: 'questions_exam/',
  examCounts: 'questions_exam/counts/',
  examRelevance: 'exam-relevance/',
  favoriteQuestions: 'favorite_questions/',
  hideQuestions: 'hide_questions/',
  history: 'question_answer_history/',
  missClasses: 'question_answer_history/miss-classes/',
  moduleFilters: 'module_filters/',
  mockExams: 'mock_exams/',
  mailLists: 'mail_lists/',
  modules: 'moduls/',
  mySubscriptions: 'mysubscriptions/',
  noteItems: 'noteitems/',
  noteItemsDetail: 'noteitemsdetail/',
  notifications: 'notifications/',
  paperAttempts: 'paper_attempts/',
  passwordReset: 'password-reset/',
  pastPapers: 'past_papers/',
  plan: 'plan/',
  planBlock: 'plan/block/',
  playlistItems: 'playlistitems/',
  playlistItemsDetail: 'playlistitemsdetail/',
  playlistQuestions: 'playlist_questions/',
  playlists: 'playlist/',
  plans: 'subs/',
  questionNotes: 'questnotesitems/',
  questionStats: 'question_stats/',
  othersStats: 'question_stats/others/',
  questions: 'questns/',
  reports: 'rports/',
  reviewForecast: 'review/forecast/',
  reviewRuns: 'review/runs/',
  reviewSettings: 'review/settings/',
  search: 'search/',
  sessionQuestions: 'session_questions/',
  sessions: 'sessions/',
  sessionsResume: 'sessions-resume/',
  sources: 'sourcs/',
  /** Staff routes: the rest of them are in lib/staff-paths.ts (kept out of the sign-in bundle). */
  staff: 'staff/',
} as const;

/** One record of a collection: `itemPath(paths.courses, 3)` → `courss/3/`; `action` adds a route. */
export function itemPath(collection: string, id: number | string, action?: string): string {
  return `${collection}${id}/${action ? `${action}/` : ''}`;
}

/**
 * Query keys: the first element names the resource; invalidating the root refreshes every list
 * of it. Builders return readonly tuples so `queryOptions` keeps its typed data.
 */
export const keys = {
  about: ['about'] as const,
  auth: ['auth'] as const,
  /** The module list of the caller (with its flags): shared by every screen that names modules. */
  modules: ['modules'] as const,
  catalogue: {
    root: ['catalogue'] as const,
    module: (id: number) => ['catalogue', 'module', id] as const,
    courses: (module?: number | 'all') =>
      (module === undefined ? ['catalogue', 'courses'] : ['catalogue', 'courses', module]) as
        readonly ['catalogue', 'courses'] | readonly ['catalogue', 'courses', number | 'all'],
    sources: (module: number | 'all') => ['catalogue', 'sources', module] as const,
  },
  courses: { one: (id: number) => ['courses', 'one', id] as const },
  questions: {
    root: ['questions'] as const,
    pages: ['questions', 'page'] as const,
    one: (id: number) => ['questions', 'one', id] as const,
  },
  sessions: {
    root: ['sessions'] as const,
    resume: ['sessions', 'resume'] as const,
    course: (course: number) => ['sessions', 'course', course] as const,
  },
  history: ['history'] as const,
  /** The learner's bank search (issue 33) and the similar questions of one question. */
  search: ['search'] as const,
  similar: (id: number) => ['questions', 'similar', id] as const,
  subscriptions: ['subscriptions'] as const,
  myLists: {
    root: ['my-lists'] as const,
    notes: ['my-lists', 'notes'] as const,
    reports: ['my-lists', 'reports'] as const,
    favorites: ['my-lists', 'favorites'] as const,
  },
  comments: {
    root: ['comments'] as const,
    pages: ['comments', 'question'] as const,
    replies: ['comments', 'replies'] as const,
  },
  playlists: ['playlists'] as const,
  notes: ['notes'] as const,
  attachments: ['attachments'] as const,
  notifications: ['notifications'] as const,
  /** The learner's plan to the exam date (issue 35). */
  plan: ['plan'] as const,
  papers: {
    root: ['papers'] as const,
    attempt: (id: number) => ['papers', 'attempt', id] as const,
    result: (id: number) => ['papers', 'result', id] as const,
    mocks: ['papers', 'mocks'] as const,
    mailLists: ['papers', 'mail-lists'] as const,
    staffMocks: ['papers', 'staff-mocks'] as const,
  },
  staff: {
    root: ['staff'] as const,
    bank: ['staff', 'bank'] as const,
    question: ['staff', 'question'] as const,
    cases: ['staff', 'cases'] as const,
    audit: ['staff', 'audit'] as const,
  },
};
