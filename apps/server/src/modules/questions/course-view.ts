import type { FirstUnanswered, QuestionFilter, QuestionTypesCount } from '@qbank/contract';
import type { Db } from '../../db/client';
import { cachesReady } from '../../lib/cache';
import { getCourseList } from './content-cache';
import { getPersonalState, type PersonalState } from './personal-cache';

/**
 * A course's questions as the caller's list shows them (hidden ones and the caller's course
 * filter left out), built from the caches only (decisions 029, 042): a warm read does no
 * database work, and any write of the caller or any content change drops what it is built from.
 */
export interface CourseView {
  /** Positions (in the course's list) of the questions the caller sees, in course order. */
  positions: number[];
  list: CourseList;
  state: PersonalState;
}

/**
 * The view, or null when the caches cannot answer (invalidation listener down, or `session` is
 * not the caller's current session of the course). `undefined` list: no such course.
 */
export async function cachedCourseView(
  db: Db,
  userId: number,
  course: number,
  freePerCourse: number,
  session?: number,
): Promise<CourseView | null | undefined> {
  if (!cachesReady(db)) return null;
  const list = await getCourseList(db, course, freePerCourse);
  if (list === null) return undefined;
  const state = await getPersonalState(db, userId, course);
  if (session !== undefined && session !== state.sessionId) return null;
  return { positions: visiblePositions(list, state), list, state };
}

type CourseList = NonNullable<Awaited<ReturnType<typeof getCourseList>>>;

/**
 * The positions each cached state last showed, by the list they were cut from. A state and a
 * list are never changed in place (an event drops them from their caches and the next read
 * loads new ones), so the positions of the same pair stay exact; the hot routes read them on
 * every request.
 */
const shown = new WeakMap<PersonalState, { list: CourseList; positions: number[] }>();

function visiblePositions(list: CourseList, state: PersonalState): number[] {
  const known = shown.get(state);
  if (known?.list === list) return known.positions;
  const sources = state.courseSources?.length ? new Set(state.courseSources) : null;
  const positions: number[] = [];
  for (let i = 0; i < list.ids.length; i++) {
    if (state.hidden.has(list.ids[i]!)) continue;
    if (sources && !sources.has(list.sourceIds[i]!)) continue;
    positions.push(i);
  }
  shown.set(state, { list, positions });
  return positions;
}

/** Whether a filter asks for a whole course as the list shows it, and nothing else. */
export function onlyCourse(f: QuestionFilter): f is QuestionFilter & { course: number } {
  return (
    f.course !== undefined &&
    f.module === undefined &&
    f.sources === undefined &&
    f.type === undefined &&
    !f.search &&
    f.favorite === undefined &&
    f.hidden !== true &&
    f.noted === undefined &&
    f.unanswered === undefined &&
    f.incorrect === undefined &&
    f.difficulty === undefined &&
    f.session === undefined
  );
}

export function typesOf(view: CourseView): QuestionTypesCount {
  const counts = { qcs: 0, qcm: 0, clinical_case: 0, total: view.positions.length };
  for (const i of view.positions) {
    if (view.list.types[i] === 'qcs') counts.qcs++;
    else if (view.list.types[i] === 'qcm') counts.qcm++;
    if (view.list.inCase[i]) counts.clinical_case++;
  }
  return counts;
}

/**
 * Where each cached state's first unanswered question sits, by the list it was found in: exact
 * for the same pair, as `shown` is. A learner with a long session would otherwise walk all their
 * answered questions on every resume (first-unanswered grew 1.25× with 10× the history).
 */
const firstOpen = new WeakMap<PersonalState, { list: CourseList; at: number }>();

function firstUnansweredAt(view: CourseView): number {
  const known = firstOpen.get(view.state);
  if (known?.list === view.list) return known.at;
  const answered = view.state.sessionId === null ? null : view.state.sessionAnswers;
  const at = answered
    ? view.positions.findIndex((i) => !answered.has(view.list.ids[i]!))
    : view.positions.length
      ? 0
      : -1;
  firstOpen.set(view.state, { list: view.list, at });
  return at;
}

/** The first question of the view without an answer in the caller's current session. */
export function firstUnansweredOf(view: CourseView, pageSize: number): FirstUnanswered {
  const total = view.positions.length;
  const at = firstUnansweredAt(view);
  if (at < 0) return { question_id: null, page: null, index: null, position: null, total };
  return {
    question_id: view.list.ids[view.positions[at]!]!,
    page: Math.floor(at / pageSize) + 1,
    index: at % pageSize,
    position: at + 1,
    total,
  };
}
