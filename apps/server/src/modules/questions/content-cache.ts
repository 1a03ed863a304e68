import { choiceLetter } from '@qbank/contract';
import type { Db } from '../../db/client';
import type { QuestionType } from '../../db/schema/index';
import {
  defineCache,
  dropOnContent,
  invalidateContent,
  loadOne,
  readThrough,
} from '../../lib/cache';
import { mediaUrl } from '../../lib/storage';
import {
  loadCatalogueMeta,
  loadCourseQuestionList,
  loadQuestionContent,
  type ChoiceRow,
  type QuestionContentRow,
} from './question-content.repository';

/** Serialized content of one question: what the cache holds (never personal data). */
export interface QuestionContent {
  stem: string;
  tags: string[];
  images: string[];
  clinicalCase: { id: number; vignette: string; images: string[] } | null;
  choices: { id: number; label: string; text: string }[];
  correction: {
    correct_choices: number[];
    explanation: string;
    choice_explanations: Record<string, string>;
  };
}

/** A question's place in the catalogue: shared by every reader, changes only with content. */
export interface CatalogueMeta {
  id: number;
  type: QuestionType;
  course_id: number;
  module_id: number;
  year: number | null;
  case_order: number | null;
  source_id: number | null;
  source_name: string | null;
  source_year: number | null;
  is_free: boolean;
  /** Set on cached cards (the answer path checks it); fresh reads select published rows. */
  is_published?: boolean;
}

/** What the content cache holds per question id. */
export interface QuestionCard {
  meta: CatalogueMeta;
  content: QuestionContent;
  /**
   * The card's JSON for the question list, made by its first reader (the questions service):
   * it lives and dies with the card, and a page finds it without a lookup.
   */
  json: { readable?: Buffer; locked?: Buffer; correction?: Buffer };
}

/** Question entries kept per database; the least recently read are dropped first. */
export const CONTENT_CACHE_SIZE = 20_000;
/** Expiry backstop of cards and course lists (decision 042). */
export const CONTENT_CACHE_TTL_MS = 10 * 60_000;

/** A course's published questions in course order (null: no such course). */
export type CourseList = {
  ids: number[];
  sourceIds: (number | null)[];
  types: QuestionType[];
  inCase: boolean[];
} | null;

/** Course lists kept per database. */
export const COURSE_CACHE_SIZE = 1_000;

// Free preview and case positions depend on the other questions of a course, so any content
// change (or `all`) drops every card and course list.
const cardCache = defineCache<number, QuestionCard>('question-cards', {
  limit: CONTENT_CACHE_SIZE,
  ttlMs: CONTENT_CACHE_TTL_MS,
  onEvent: dropOnContent,
});
const courseCache = defineCache<number, CourseList>('course-lists', {
  limit: COURSE_CACHE_SIZE,
  ttlMs: CONTENT_CACHE_TTL_MS,
  onEvent: dropOnContent,
});

/** The free preview size the cards of a database were built with. */
const builtWith = new WeakMap<Db, number>();
function cacheFor(db: Db, freePerCourse: number) {
  const cards = cardCache.of(db);
  if (builtWith.get(db) !== freePerCourse) {
    cards.clear();
    builtWith.set(db, freePerCourse);
  }
  return { cards, courses: courseCache.of(db) };
}

/**
 * Call after changing questions, choices, clinical cases, sources, courses or modules outside
 * an HTTP request (importer, generator, scripts): drops the cached cards here and, on a
 * PostgreSQL server, in every instance (NOTIFY). Staff writes through the API are covered by the
 * invalidation plugin. Call it after the transaction committed.
 */
export async function invalidateQuestionContent(db: Db, ids?: number[]): Promise<void> {
  await invalidateContent(db, ids);
}

export const contentCacheSize = (db: Db) => cardCache.peek(db)?.size ?? 0;

const label = choiceLetter;

const urls = (keys: string[] | null) => (keys ?? []).map((k) => mediaUrl(k)!);

/** Serialized content of loaded rows, by question id. */
export function buildContents(
  questions: QuestionContentRow[],
  choices: ChoiceRow[],
): Map<number, QuestionContent> {
  const byQuestion = new Map<number, ChoiceRow[]>();
  for (const c of choices) {
    const list = byQuestion.get(c.question_id);
    if (list) list.push(c);
    else byQuestion.set(c.question_id, [c]);
  }
  const result = new Map<number, QuestionContent>();
  for (const q of questions) {
    const own = byQuestion.get(q.id) ?? [];
    result.set(q.id, {
      stem: q.stem,
      tags: q.tags,
      images: urls(q.images),
      clinicalCase:
        q.case_id === null
          ? null
          : { id: q.case_id, vignette: q.vignette ?? '', images: urls(q.case_images) },
      choices: own.map((c, i) => ({ id: c.id, label: label(i), text: c.text })),
      correction: {
        correct_choices: own.filter((c) => c.is_correct).map((c) => c.id),
        explanation: q.explanation,
        choice_explanations: Object.fromEntries(
          own.filter((c) => c.explanation !== '').map((c) => [String(c.id), c.explanation]),
        ),
      },
    });
  }
  return result;
}

/** Content of these questions read now, without the cache. */
export async function freshQuestionContent(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, QuestionContent>();
  const { questions, choices } = await loadQuestionContent(db, ids);
  return buildContents(questions, choices);
}

/**
 * Catalogue place and content of these questions: from the cache, the misses with three
 * queries. Only while the invalidation bus is ready; a load that raced an invalidation is
 * returned but not kept.
 */
export async function getQuestionCards(
  db: Db,
  ids: number[],
  freePerCourse: number,
): Promise<Map<number, QuestionCard>> {
  const { cards } = cacheFor(db, freePerCourse);
  return readThrough(db, cards, ids, 'shared', (missing) => loadCards(db, missing, freePerCourse));
}

async function loadCards(db: Db, ids: number[], freePerCourse: number) {
  const metas = await loadCatalogueMeta(db, ids, freePerCourse);
  const contents = await freshQuestionContent(
    db,
    metas.map((m) => m.id),
  );
  const cards = new Map<number, QuestionCard>();
  for (const meta of metas) {
    const content = contents.get(meta.id);
    if (content) cards.set(meta.id, { meta, content, json: {} });
  }
  return cards;
}

/** A course's published question ids in course order, from the cache or one query. */
export async function getCourseList(
  db: Db,
  courseId: number,
  freePerCourse: number,
): Promise<CourseList> {
  const { courses } = cacheFor(db, freePerCourse);
  const hit = courses.get(courseId);
  if (hit !== undefined) return hit;
  return loadOne(db, courses, courseId, 'shared', async () => {
    const rows = await loadCourseQuestionList(db, courseId);
    return (
      rows && {
        ids: rows.map((r) => r.id),
        sourceIds: rows.map((r) => r.source_id),
        types: rows.map((r) => r.type),
        inCase: rows.map((r) => r.in_case),
      }
    );
  });
}
