import type {
  ExamQuery,
  FirstUnanswered,
  PageQuery,
  Question,
  QuestionFilter,
  QuestionListQuery,
  QuestionTypesCount,
} from '@qbank/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { User } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import { assertQuestionAccess, canRead, loadAccess } from './access';
import { getQuestionContent } from './content-cache';
import { sampleExam } from './exam-sample';
import { loadQuestionMeta, type StoredAnswer } from './question-content.repository';
import {
  countQuestions,
  countQuestionTypes,
  courseExists,
  courseFilterSources,
  examCandidates,
  findCurrentSession,
  findOwnSession,
  firstUnansweredIn,
  moduleExists,
  ownsPlaylist,
  pageOfQuestionIds,
  personalQuestionIds,
  type Access,
  type Ordering,
  type QuestionScope,
} from './questions.repository';

type PersonalList = Parameters<typeof personalQuestionIds>[2];

export interface Deps {
  db: Db;
  config: Config;
}

export const INVALID_CHOICE =
  'Select a valid choice. That choice is not one of the available choices.';

const toAnswer = (a: StoredAnswer | null) =>
  a && {
    choices: a.choices,
    is_correct: a.is_correct,
    score: Number(a.score),
    answered_at: new Date(a.answered_at).toISOString(),
  };

/**
 * Question payloads in the order of `ids`: content from the cache (checked against the current
 * version), the caller's marks and answers from one fresh query. Locked questions keep only
 * their place in the catalogue; exams carry neither last answer nor correction.
 */
export async function serializeQuestions(
  db: Db,
  user: User,
  ids: number[],
  access: Access,
  options: { sessionId?: number; exam?: boolean } = {},
): Promise<Question[]> {
  const metas = await loadQuestionMeta(db, ids, user.id, access, options.sessionId);
  const byId = new Map(metas.map((m) => [m.id, m]));
  const readable = metas.filter((m) => canRead(access, m.module_id, m.is_free));
  const contents = await getQuestionContent(
    db,
    readable.map((m) => ({ id: m.id, version: m.version })),
  );
  return ids.flatMap((id) => {
    const m = byId.get(id);
    if (!m) return [];
    const content = contents.get(id);
    const lastAnswer = options.exam ? null : toAnswer(m.answer ?? m.history_answer);
    return [
      {
        id,
        type: m.type,
        stem: content?.stem ?? '',
        course: m.course_id,
        module: m.module_id,
        source:
          m.source_id === null
            ? null
            : { id: m.source_id, name: m.source_name!, year: m.source_year },
        year: m.year,
        tags: content?.tags ?? [],
        images: content?.images ?? [],
        clinical_case: content?.clinicalCase ?? null,
        case_order: m.case_order,
        choices: content?.choices ?? [],
        is_favorite: m.is_favorite,
        is_hidden: m.is_hidden,
        has_note: m.has_note,
        playlists: m.playlists,
        last_answer: lastAnswer,
        correction: content && lastAnswer ? content.correction : null,
        is_locked: !content,
      },
    ];
  });
}

function assertChoice(exists: boolean, field: string): void {
  if (!exists) throw badRequest(field, INVALID_CHOICE);
}

/** Turns list filters into a scope: references checked, the caller's course filter applied. */
async function scopeOf(db: Db, user: User, f: QuestionFilter): Promise<QuestionScope> {
  if (f.module !== undefined) assertChoice(await moduleExists(db, f.module), 'module');
  if (f.course !== undefined) assertChoice(await courseExists(db, f.course), 'course');
  if (f.session !== undefined && !(await findOwnSession(db, user.id, f.session))) throw notFound();
  let sourceIds = f.sources;
  if (!sourceIds && f.course !== undefined) {
    const filter = await courseFilterSources(db, user.id, f.course);
    if (filter?.length) sourceIds = filter;
  }
  return {
    userId: user.id,
    moduleIds: f.module === undefined ? undefined : [f.module],
    courseIds: f.course === undefined ? undefined : [f.course],
    sourceIds,
    types: f.type ? [f.type] : undefined,
    search: f.search || undefined,
    favorite: f.favorite,
    hidden: f.hidden === true,
    noted: f.noted,
    unanswered: f.unanswered,
    incorrect: f.incorrect,
    sessionId: f.session,
  };
}

async function pageOf(
  deps: Deps,
  user: User,
  scope: QuestionScope,
  ordering: Ordering,
  page: PageQuery,
): Promise<{ count: number; results: Question[] }> {
  const count = await countQuestions(deps.db, scope);
  assertPageExists(page, count);
  const ids = await pageOfQuestionIds(deps.db, scope, ordering, pageWindow(page));
  const access = await loadAccess(deps, user);
  const results = await serializeQuestions(deps.db, user, ids, access, {
    sessionId: scope.sessionId,
  });
  return { count, results };
}

export async function listQuestions(deps: Deps, user: User, query: QuestionListQuery) {
  const scope = await scopeOf(deps.db, user, query);
  return pageOf(deps, user, scope, query.ordering, query);
}

export async function getQuestion(
  deps: Deps,
  user: User,
  id: number,
  sessionId?: number,
): Promise<Question> {
  const { access } = await assertQuestionAccess(deps, user, id);
  if (sessionId !== undefined && !(await findOwnSession(deps.db, user.id, sessionId)))
    throw notFound();
  const [question] = await serializeQuestions(deps.db, user, [id], access, { sessionId });
  return question!;
}

export async function questionTypes(
  deps: Deps,
  user: User,
  filter: QuestionFilter,
): Promise<QuestionTypesCount> {
  return countQuestionTypes(deps.db, await scopeOf(deps.db, user, filter));
}

/** Where a learner resumes a course: the first question without an answer in the session. */
export async function firstUnanswered(
  deps: Deps,
  user: User,
  query: { course: number; session?: number; page_size: number },
): Promise<FirstUnanswered> {
  const scope = await scopeOf(deps.db, user, { course: query.course });
  let sessionId: number | null;
  if (query.session !== undefined) {
    const session = await findOwnSession(deps.db, user.id, query.session);
    if (!session) throw notFound();
    sessionId = session.id;
  } else {
    sessionId = await findCurrentSession(deps.db, user.id, query.course);
  }
  const total = await countQuestions(deps.db, scope);
  const first = await firstUnansweredIn(deps.db, scope, sessionId);
  if (!first) return { question_id: null, page: null, index: null, position: null, total };
  const zeroBased = first.position - 1;
  return {
    question_id: first.id,
    page: Math.floor(zeroBased / query.page_size) + 1,
    index: zeroBased % query.page_size,
    position: first.position,
    total,
  };
}

/** A random exam from filters, clinical cases kept whole; only questions the caller may read. */
export async function buildExam(deps: Deps, user: User, query: ExamQuery) {
  const access = await loadAccess(deps, user);
  const candidates = await examCandidates(deps.db, {
    userId: user.id,
    moduleIds: query.modules,
    courseIds: query.courses,
    sourceIds: query.sources,
    types: query.types,
    unanswered: query.unanswered,
    incorrect: query.incorrect,
    favorite: query.favorite,
    hidden: false,
    accessibleOnly: access,
  });
  const ids = sampleExam(candidates, query.count, query.seed);
  const results = await serializeQuestions(deps.db, user, ids, access, { exam: true });
  return { count: results.length, results };
}

/** A personal list: the marked questions (hidden ones too), in the list's own order. */
async function personalList(deps: Deps, user: User, page: PageQuery, list: PersonalList) {
  const onlyIds = await personalQuestionIds(deps.db, user.id, list);
  return pageOf(deps, user, { userId: user.id, onlyIds, hidden: 'any' }, 'given', page);
}

export const favoriteQuestions = (deps: Deps, user: User, page: PageQuery) =>
  personalList(deps, user, page, 'favorites');

export const hiddenQuestions = (deps: Deps, user: User, page: PageQuery) =>
  personalList(deps, user, page, 'hides');

export const notedQuestions = (deps: Deps, user: User, page: PageQuery) =>
  personalList(deps, user, page, 'notes');

export async function playlistQuestions(
  deps: Deps,
  user: User,
  query: PageQuery & { playlist: number },
) {
  if (!(await ownsPlaylist(deps.db, user.id, query.playlist))) throw notFound();
  return personalList(deps, user, query, { playlistId: query.playlist });
}
