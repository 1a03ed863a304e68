import type { Db } from '../../db/client';
import { mediaUrl } from '../../lib/storage';
import { loadQuestionContent } from './question-content.repository';

/** Serialized content of one question: what the cache holds (never personal data). */
export interface QuestionContent {
  version: string;
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

/** Entries kept per database; the least recently read are dropped first. */
export const CONTENT_CACHE_SIZE = 5_000;

/** A map of question id → content, bounded: the least recently read entries are dropped. */
export class ContentCache {
  private readonly entries = new Map<number, QuestionContent>();

  constructor(private readonly limit = CONTENT_CACHE_SIZE) {}

  get(id: number, version: string): QuestionContent | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.version !== version) return undefined;
    // Re-insert: Map keeps insertion order, so the first key is the least recently read.
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry;
  }

  set(id: number, content: QuestionContent): void {
    this.entries.delete(id);
    this.entries.set(id, content);
    while (this.entries.size > this.limit) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  delete(id: number): void {
    this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

// One cache per database handle: ids of two databases (tests, tools) never mix.
const caches = new WeakMap<Db, ContentCache>();
function cacheFor(db: Db): ContentCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ContentCache()));
  return cache;
}

/**
 * Drops cached content. Every Drizzle update of `questions` / `clinical_cases` bumps
 * `updated_at`, which the read path compares; call this after changing choices alone or after
 * writing with raw SQL (importer, staff edits). No ids: the whole cache.
 */
export function invalidateQuestionContent(db: Db, ids?: number[]): void {
  const cache = cacheFor(db);
  if (!ids) cache.clear();
  else for (const id of ids) cache.delete(id);
}

export const contentCacheSize = (db: Db) => cacheFor(db).size;

/** A, B, C… (choices are at most 8). */
const label = (index: number): string => String.fromCharCode(65 + index);

const urls = (keys: string[] | null) => (keys ?? []).map((k) => mediaUrl(k)!);

/** The content of these questions at these versions, from the cache or one load for the misses. */
export async function getQuestionContent(
  db: Db,
  wanted: { id: number; version: string }[],
): Promise<Map<number, QuestionContent>> {
  const cache = cacheFor(db);
  const found = new Map<number, QuestionContent>();
  const missing: number[] = [];
  for (const { id, version } of wanted) {
    const hit = cache.get(id, version);
    if (hit) found.set(id, hit);
    else missing.push(id);
  }
  if (!missing.length) return found;
  const { questions, choices } = await loadQuestionContent(db, missing);
  for (const q of questions) {
    const own = choices.filter((c) => c.question_id === q.id);
    const content: QuestionContent = {
      version: q.version,
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
    };
    cache.set(q.id, content);
    found.set(q.id, content);
  }
  return found;
}
