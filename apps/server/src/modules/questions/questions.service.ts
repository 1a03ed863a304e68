import {
  correctionSchema,
  lastAnswerSchema,
  questionSchema,
  type Correction,
} from '@qbank/contract';
import type {
  ExamQuery,
  FirstUnanswered,
  PageQuery,
  PersonalQuestionsQuery,
  Question,
  QuestionFilter,
  QuestionListQuery,
  QuestionTypesCount,
} from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { Db } from '../../db/client';
import type { User } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { assertPageExists, pageWindow, type JsonPiece } from '../../lib/pagination';
import { assertQuestionAccess, canRead, loadAccess } from './access';
import { busFor } from '../../lib/invalidation';
import {
  freshQuestionContent,
  getQuestionCards,
  type CatalogueMeta,
  type QuestionCard,
  type QuestionContent,
} from './content-cache';
import { getPersonalState, type PersonalState } from './personal-cache';
import { cachedCourseView, firstUnansweredOf, onlyCourse, typesOf } from './course-view';
import { drawExam, examSeed } from './exam-sample';
import { loadQuestionMeta, type StoredAnswer } from './question-content.repository';
import {
  countQuestions,
  countQuestionTypes,
  courseExists,
  courseFilterSources,
  examDraw,
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

export type Deps = Pick<ServiceDeps, 'db' | 'config'>;

export const INVALID_CHOICE =
  'Select a valid choice. That choice is not one of the available choices.';

const toAnswer = (a: StoredAnswer | null) =>
  a && {
    choices: a.choices,
    is_correct: a.is_correct,
    score: Number(a.score),
    answered_at: new Date(a.answered_at).toISOString(),
  };

/** What a payload needs of one question, wherever it came from. */
interface PayloadParts {
  meta: CatalogueMeta;
  content: QuestionContent | undefined;
  is_favorite: boolean;
  is_hidden: boolean;
  has_note: boolean;
  playlists: number[];
  answer: StoredAnswer | null;
}

/** The correction shows once the caller answered a readable question, never in an exam. */
const shownCorrection = (p: PayloadParts, exam: boolean) =>
  !exam && p.content && p.answer ? p.content.correction : null;

function toPayload(id: number, p: PayloadParts, exam: boolean): Question {
  const { meta: m, content } = p;
  const lastAnswer = exam ? null : toAnswer(p.answer);
  return {
    id,
    type: m.type,
    stem: content?.stem ?? '',
    course: m.course_id,
    module: m.module_id,
    source:
      m.source_id === null ? null : { id: m.source_id, name: m.source_name!, year: m.source_year },
    year: m.year,
    tags: content?.tags ?? [],
    images: content?.images ?? [],
    clinical_case: content?.clinicalCase ?? null,
    case_order: m.case_order,
    choices: content?.choices ?? [],
    is_favorite: p.is_favorite,
    is_hidden: p.is_hidden,
    has_note: p.has_note,
    playlists: p.playlists,
    last_answer: lastAnswer,
    correction: shownCorrection(p, exam),
    is_locked: !content,
  };
}

/**
 * The list's items as JSON text, from cached cards (decision 042): the fields that do not
 * depend on the caller are checked against the contract and serialized once per card, the
 * caller's fields per request; the result is byte for byte what the route's schema serializer
 * makes of `toPayload` (read-cache tests compare them).
 */
const headSchema = questionSchema.pick({
  id: true,
  type: true,
  stem: true,
  course: true,
  module: true,
  source: true,
  year: true,
  tags: true,
  images: true,
  clinical_case: true,
  case_order: true,
  choices: true,
});
/** The card's fields that do not depend on the caller, and the next key, as UTF-8 bytes. */
function headJson(card: QuestionCard, p: PayloadParts): Buffer {
  const memo = card.json;
  const known = p.content ? memo.readable : memo.locked;
  if (known) return known;
  const neutral = { ...p, is_favorite: false, is_hidden: false, has_note: false, answer: null };
  const text = JSON.stringify(headSchema.parse(toPayload(card.meta.id, neutral, false)));
  const json = Buffer.from(`${text.slice(0, -1)},"is_favorite":`);
  if (p.content) memo.readable = json;
  else memo.locked = json;
  return json;
}

/** The card's correction, and the end of its question (a shown correction is never locked). */
function correctionJson(card: QuestionCard, correction: Correction): Buffer {
  if (card.json.correction) return card.json.correction;
  const text = JSON.stringify(correctionSchema.parse(correction));
  return (card.json.correction = Buffer.from(`${text},"is_locked":false}`));
}

/**
 * A stored answer's JSON and the key that follows it, made once per answer object (they live
 * in the cached personal state).
 */
const answerJsons = new WeakMap<StoredAnswer, Buffer>();

function answerJson(answer: StoredAnswer): Buffer {
  let json = answerJsons.get(answer);
  if (json === undefined) {
    const text = JSON.stringify(lastAnswerSchema.parse(toAnswer(answer)));
    json = Buffer.from(`${text},"correction":`);
    answerJsons.set(answer, json);
  }
  return json;
}

/** The caller's three flags and the next key, for each combination (favourite, hidden, note). */
const FLAGS = [false, true].flatMap((favorite) =>
  [false, true].flatMap((hidden) =>
    [false, true].map((note) =>
      Buffer.from(`${favorite},"is_hidden":${hidden},"has_note":${note},"playlists":`),
    ),
  ),
);
const flagsJson = (p: PayloadParts) =>
  FLAGS[(Number(p.is_favorite) << 2) | (Number(p.is_hidden) << 1) | Number(p.has_note)]!;
const NO_PLAYLISTS = Buffer.from('[],"last_answer":');
const UNANSWERED = Buffer.from('null,"correction":null,"is_locked":false}');
const UNANSWERED_LOCKED = Buffer.from('null,"correction":null,"is_locked":true}');
const NO_CORRECTION_LOCKED = Buffer.from('null,"is_locked":true}');
const COMMA = Buffer.from(',');

/**
 * One question as JSON pieces, in the order of `toPayload`'s fields outside an exam, without
 * building the payload: the cached card's bytes, then the caller's fields, each a shared or
 * cached buffer but the playlists.
 */
function questionJson(card: QuestionCard, p: PayloadParts, into: JsonPiece[]): void {
  if (into.length) into.push(COMMA);
  into.push(
    headJson(card, p),
    flagsJson(p),
    p.playlists.length ? `${JSON.stringify(p.playlists)},"last_answer":` : NO_PLAYLISTS,
  );
  const correction = shownCorrection(p, false);
  if (!p.answer) into.push(p.content ? UNANSWERED : UNANSWERED_LOCKED);
  else if (correction) into.push(answerJson(p.answer), correctionJson(card, correction));
  // An answered question the caller can no longer read (their subscription ended).
  else into.push(answerJson(p.answer), NO_CORRECTION_LOCKED);
}

/** Every part read now: the path while the caches are off, and for other sessions. */
async function freshParts(
  db: Db,
  user: User,
  ids: number[],
  access: Access,
  sessionId: number | undefined,
): Promise<Map<number, PayloadParts>> {
  const metas = await loadQuestionMeta(db, ids, user.id, access, sessionId);
  const contents = await freshQuestionContent(
    db,
    metas.filter((m) => canRead(access, m.module_id, m.is_free)).map((m) => m.id),
  );
  return new Map(
    metas.map((m) => [
      m.id,
      {
        meta: m,
        content: contents.get(m.id),
        is_favorite: m.is_favorite,
        is_hidden: m.is_hidden,
        has_note: m.has_note,
        playlists: m.playlists,
        answer: m.answer ?? m.history_answer,
      },
    ]),
  );
}

/**
 * The parts from the caches (decision 029): content and catalogue links per question, the
 * caller's state per course. Null when they cannot serve: caches off (invalidation listener
 * down), or `sessionId` is not the caller's current session of the questions' course.
 */
async function cachedParts(
  db: Db,
  user: User,
  ids: number[],
  access: Access,
  sessionId: number | undefined,
): Promise<Map<number, PayloadParts> | null> {
  if (!busFor(db).ready) return null;
  const cards = await getQuestionCards(db, ids, access.freePerCourse);
  const courses = [...new Set([...cards.values()].map((c) => c.meta.course_id))];
  const states = new Map<number, PersonalState>();
  for (const course of courses) states.set(course, await getPersonalState(db, user.id, course));
  if (sessionId !== undefined && [...states.values()].some((s) => s.sessionId !== sessionId))
    return null;
  const parts = new Map<number, PayloadParts>();
  for (const [id, card] of cards)
    parts.set(id, cachedPart(card, states.get(card.meta.course_id)!, access, sessionId));
  return parts;
}

/** A cached card with the caller's state of its course (`sessionId`: their current session). */
function cachedPart(
  card: QuestionCard,
  state: PersonalState,
  access: Access,
  sessionId: number | undefined,
): PayloadParts {
  const id = card.meta.id;
  const readable = canRead(access, card.meta.module_id, card.meta.is_free);
  return {
    meta: card.meta,
    content: readable ? card.content : undefined,
    is_favorite: state.favorites.has(id),
    is_hidden: state.hidden.has(id),
    has_note: state.noted.has(id),
    playlists: state.playlists.get(id) ?? [],
    answer:
      state.sessionAnswers.get(id) ??
      (sessionId === undefined ? state.history.get(id) : undefined) ??
      null,
  };
}

/**
 * Question payloads in the order of `ids`: from the caches when they can serve (exact
 * invalidation, decision 029), else read now. Locked questions keep only their place in the
 * catalogue; exams carry neither last answer nor correction.
 */
export async function serializeQuestions(
  { db }: Pick<ServiceDeps, 'db'>,
  user: User,
  ids: number[],
  access: Access,
  options: { sessionId?: number; exam?: boolean } = {},
): Promise<Question[]> {
  if (!ids.length) return [];
  const parts =
    (await cachedParts(db, user, ids, access, options.sessionId)) ??
    (await freshParts(db, user, ids, access, options.sessionId));
  return ids.flatMap((id) => {
    const p = parts.get(id);
    return p ? [toPayload(id, p, options.exam === true)] : [];
  });
}

function assertChoice(exists: boolean, field: string): void {
  if (!exists) throw badRequest(field, INVALID_CHOICE);
}

/** The course as the caller's list shows it, from memory; null when the caches cannot serve. */
async function courseView(deps: Deps, user: User, course: number, session?: number) {
  const freePerCourse = deps.config.freeQuestionsPerCourse;
  const view = await cachedCourseView(deps.db, user.id, course, freePerCourse, session);
  assertChoice(view !== undefined, 'course');
  return view ?? null;
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
    difficulty: f.difficulty,
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
  const results = await serializeQuestions(deps, user, ids, access, {
    sessionId: scope.sessionId,
  });
  return { count, results };
}

/**
 * A course page without filters, from memory (decision 029): the course's question list, the
 * caller's hidden questions and course filter from the caches. Null when the caches cannot
 * answer (bus not ready, other filters, another session than the current one).
 */
async function cachedCoursePage(deps: Deps, user: User, query: QuestionListQuery) {
  const q = query;
  const course = q.course;
  if (course === undefined || !busFor(deps.db).ready || q.ordering !== 'order') return null;
  if (q.module !== undefined || q.sources !== undefined || q.type !== undefined) return null;
  if (q.search || q.favorite !== undefined || q.noted !== undefined || q.hidden === true)
    return null;
  if (q.unanswered !== undefined || q.incorrect !== undefined) return null;
  if (q.difficulty !== undefined) return null;
  const view = await courseView(deps, user, course, q.session);
  if (!view) return null;
  const count = view.positions.length;
  assertPageExists(query, count);
  const { limit, offset } = pageWindow(query);
  const ids = view.positions.slice(offset, offset + limit).map((i) => view.list.ids[i]!);
  const access = await loadAccess(deps, user);
  // The view's state is the caller's state of this course: every question here is in it.
  const cards = await getQuestionCards(deps.db, ids, access.freePerCourse);
  const json: JsonPiece[] = [];
  for (const id of ids) {
    const card = cards.get(id);
    if (!card) continue;
    questionJson(card, cachedPart(card, view.state, access, q.session), json);
  }
  return { count, json };
}

/** A page of the list: its items as objects, or as JSON text when the caches served them. */
export async function listQuestions(
  deps: Deps,
  user: User,
  query: QuestionListQuery,
): Promise<{ count: number } & ({ results: Question[] } | { json: JsonPiece[] })> {
  const cached = await cachedCoursePage(deps, user, query);
  if (cached) return cached;
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
  const [question] = await serializeQuestions(deps, user, [id], access, { sessionId });
  return question!;
}

export async function questionTypes(
  deps: Deps,
  user: User,
  filter: QuestionFilter,
): Promise<QuestionTypesCount> {
  // A whole course (what the question list asks): from memory when warm.
  const view = onlyCourse(filter) ? await courseView(deps, user, filter.course) : null;
  if (view) return typesOf(view);
  return countQuestionTypes(deps.db, await scopeOf(deps.db, user, filter));
}

/** Where a learner resumes a course: the first question without an answer in the session. */
export async function firstUnanswered(
  deps: Deps,
  user: User,
  query: { course: number; session?: number; page_size: number },
): Promise<FirstUnanswered> {
  const view = await courseView(deps, user, query.course, query.session);
  if (view) return firstUnansweredOf(view, query.page_size);
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
  const scope = {
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
    difficulty: query.difficulty,
    // The learner's flags live in their browser: the builder sends their ids (decision 050).
    ...(query.flagged_only ? { onlyIds: query.flagged ?? [] } : {}),
  };
  const seed = examSeed(query.seed);
  const ids = await drawExam(query.count, (window) => examDraw(deps.db, scope, seed, window));
  const results = await serializeQuestions(deps, user, ids, access, { exam: true });
  return { count: results.length, results };
}

/** A personal list: the marked questions (hidden ones too), in the list's own order. */
async function personalList(
  deps: Deps,
  user: User,
  page: PageQuery & { module?: number; course?: number; difficulty?: number[] },
  list: PersonalList,
) {
  const onlyIds = await personalQuestionIds(deps.db, user.id, list);
  const scope: QuestionScope = { userId: user.id, onlyIds, hidden: 'any' };
  if (page.module !== undefined) scope.moduleIds = [page.module];
  if (page.course !== undefined) scope.courseIds = [page.course];
  if (page.difficulty !== undefined) scope.difficulty = page.difficulty;
  return pageOf(deps, user, scope, 'given', page);
}

export const favoriteQuestions = (deps: Deps, user: User, query: PersonalQuestionsQuery) =>
  personalList(deps, user, query, 'favorites');

export const hiddenQuestions = (deps: Deps, user: User, query: PersonalQuestionsQuery) =>
  personalList(deps, user, query, 'hides');

export const notedQuestions = (deps: Deps, user: User, query: PersonalQuestionsQuery) =>
  personalList(deps, user, query, 'notes');

export async function playlistQuestions(
  deps: Deps,
  user: User,
  query: PageQuery & { playlist: number; difficulty?: number[] },
) {
  if (!(await ownsPlaylist(deps.db, user.id, query.playlist))) throw notFound();
  return personalList(deps, user, query, { playlistId: query.playlist });
}
