import type { Db } from '../../db/client';
import type { QuestionType } from '../../db/schema/index';
import { busFor, publishContentChange } from '../../lib/invalidation';
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
}

/** What the content cache holds per question id. */
export interface QuestionCard {
  meta: CatalogueMeta;
  content: QuestionContent;
}

/** Question entries kept per database; the least recently read are dropped first. */
export const CONTENT_CACHE_SIZE = 20_000;

/** A map bounded by entries: the least recently read entries are dropped first. */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly limit: number) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Re-insert: Map keeps insertion order, so the first key is the least recently read.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.limit) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops the entries whose key matches. */
  deleteWhere(match: (key: K) => boolean): void {
    for (const key of [...this.entries.keys()]) if (match(key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A course's published questions in course order (null: no such course). */
export type CourseList = { ids: number[]; sourceIds: (number | null)[] } | null;

/** Course lists kept per database. */
export const COURSE_CACHE_SIZE = 1_000;

interface ContentCacheState {
  cards: LruCache<number, QuestionCard>;
  courses: LruCache<number, CourseList>;
  freePerCourse: number;
}

// One cache per database handle: ids of two databases (tests, tools) never mix.
const caches = new WeakMap<Db, ContentCacheState>();
function cacheFor(db: Db, freePerCourse: number): ContentCacheState {
  let state = caches.get(db);
  if (!state) {
    const created: ContentCacheState = {
      cards: new LruCache(CONTENT_CACHE_SIZE),
      courses: new LruCache(COURSE_CACHE_SIZE),
      freePerCourse,
    };
    // Every content event drops the named questions; free preview and case positions depend on
    // the other questions of a course, so any content change drops every card.
    busFor(db).subscribe((event) => {
      if (event.kind === 'user') return;
      created.cards.clear();
      created.courses.clear();
    });
    caches.set(db, (state = created));
  }
  if (state.freePerCourse !== freePerCourse) {
    state.cards.clear();
    state.freePerCourse = freePerCourse;
  }
  return state;
}

/**
 * Call after changing questions, choices, clinical cases, sources, courses or modules outside
 * an HTTP request (importer, generator, scripts): drops the cached cards here and, on a
 * PostgreSQL server, in every instance (NOTIFY). Staff writes through the API are covered by the
 * invalidation plugin. Call it after the transaction committed.
 */
export async function invalidateQuestionContent(db: Db, ids?: number[]): Promise<void> {
  await publishContentChange(db, ids);
}

export const contentCacheSize = (db: Db) => caches.get(db)?.cards.size ?? 0;

/** A, B, C… (choices are at most 8). */
const label = (index: number): string => String.fromCharCode(65 + index);

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
  const bus = busFor(db);
  const { cards } = cacheFor(db, freePerCourse);
  const found = new Map<number, QuestionCard>();
  const missing: number[] = [];
  for (const id of ids) {
    const hit = cards.get(id);
    if (hit) found.set(id, hit);
    else missing.push(id);
  }
  if (!missing.length) return found;
  const generation = bus.generation;
  const metas = await loadCatalogueMeta(db, missing, freePerCourse);
  const contents = await freshQuestionContent(
    db,
    metas.map((m) => m.id),
  );
  const keep = bus.ready && bus.generation === generation;
  for (const meta of metas) {
    const content = contents.get(meta.id);
    if (!content) continue;
    const card = { meta, content };
    if (keep) cards.set(meta.id, card);
    found.set(meta.id, card);
  }
  return found;
}

/** A course's published question ids in course order, from the cache or one query. */
export async function getCourseList(
  db: Db,
  courseId: number,
  freePerCourse: number,
): Promise<CourseList> {
  const bus = busFor(db);
  const { courses } = cacheFor(db, freePerCourse);
  const hit = courses.get(courseId);
  if (hit !== undefined) return hit;
  const generation = bus.generation;
  const rows = await loadCourseQuestionList(db, courseId);
  const list = rows && { ids: rows.map((r) => r.id), sourceIds: rows.map((r) => r.source_id) };
  if (bus.ready && bus.generation === generation) courses.set(courseId, list);
  return list;
}
