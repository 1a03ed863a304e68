import type * as BindingModule from '@open-spaced-repetition/binding';
import type { Db } from '../../db/client';
import { clock } from '../../lib/clock';
import * as logs from './review-log.repository';

/**
 * Fits a learner's own FSRS-6 parameters with @open-spaced-repetition/binding (decision 038),
 * in the background: an answer asks for a fit, debounced per learner, never in the request.
 * Fits run one at a time per process: learners who stop answering together would otherwise
 * read their whole logs at once and hold every pool connection the requests need.
 * Below MIN_REVIEWS, or when the native binding cannot load, the defaults stay.
 */
export const MIN_REVIEWS = 400;
/** Refit only after this many new reviews since the last fit. */
export const REFIT_EVERY = 100;
const DEBOUNCE_MS = 30_000;
const DAY_MS = 86_400_000;

type Binding = typeof BindingModule;
let binding: Promise<Binding | null> | undefined;

/** The seam: null when the native optimiser is not available on this machine. */
export function loadBinding(): Promise<Binding | null> {
  binding ??= import('@open-spaced-repetition/binding').catch(() => null);
  return binding;
}

/** Days between local midnights, as FSRS counts them (UTC days here). */
const dayNumber = (at: Date) => Math.floor(at.getTime() / DAY_MS);

/** Each card's reviews as the optimiser's items: every prefix that ends in a later-day review. */
export function toTrainingSet(b: Binding, rows: logs.TrainingRow[]) {
  const items: InstanceType<Binding['FSRSBindingItem']>[] = [];
  let card: number | null = null;
  let reviews: InstanceType<Binding['FSRSBindingReview']>[] = [];
  let lastDay = 0;
  for (const row of rows) {
    if (row.questionId !== card) {
      card = row.questionId;
      reviews = [];
      lastDay = dayNumber(row.reviewedAt);
    }
    const delta = dayNumber(row.reviewedAt) - lastDay;
    lastDay = dayNumber(row.reviewedAt);
    reviews = [...reviews, new b.FSRSBindingReview(row.rating, delta)];
    if (reviews.length > 1 && delta > 0) items.push(new b.FSRSBindingItem(reviews));
  }
  return items;
}

export type FitOutcome =
  'fitted' | 'too-few-reviews' | 'up-to-date' | 'unavailable' | 'failed' | 'cancelled';

/**
 * Fits and stores the learner's parameters when they have enough new reviews. `wanted`: asked
 * again before the write, false once the app is closing.
 */
export async function optimiseLearner(
  db: Db,
  userId: number,
  wanted: () => boolean = () => true,
): Promise<FitOutcome> {
  const total = await logs.countReviews(db, userId);
  if (total < MIN_REVIEWS) return 'too-few-reviews';
  const settings = await logs.findSettings(db, userId);
  if (settings?.weights && total - settings.weightsReviewCount < REFIT_EVERY) return 'up-to-date';
  const b = await loadBinding();
  if (!b) return 'unavailable';
  const items = toTrainingSet(b, await logs.reviewLogOf(db, userId));
  let weights: number[];
  try {
    weights = await b.computeParameters(items, { enableShortTerm: true, numRelearningSteps: 1 });
  } catch {
    // Not enough long-term reviews yet (NotEnoughData): keep the defaults, try again later.
    return 'failed';
  }
  if (!wanted()) return 'cancelled';
  await logs.upsertSettings(db, userId, {
    weights,
    weightsReviewCount: total,
    weightsUpdatedAt: clock.now(),
  });
  return 'fitted';
}

const pending = new Map<number, NodeJS.Timeout>();
/** The fits of this process, one after the other. */
let queue: Promise<unknown> = Promise.resolve();
/** Bumped by `cancelFits`: a fit queued or running under an older one stops. */
let generation = 0;

/** Asks for a fit of the learner's parameters a little later (one per learner at a time). */
export function requestFit(db: Db, userId: number, log?: (err: unknown) => void): void {
  clearTimeout(pending.get(userId));
  const asked = generation;
  const wanted = () => asked === generation;
  const timer = setTimeout(() => {
    pending.delete(userId);
    queue = queue
      .then(() => (wanted() ? optimiseLearner(db, userId, wanted) : undefined))
      .catch((err: unknown) => log?.(err));
  }, DEBOUNCE_MS);
  timer.unref();
  pending.set(userId, timer);
}

/** Drops every pending and queued fit, and the write of a running one (the app is closing). */
export function cancelFits(): void {
  generation++;
  for (const timer of pending.values()) clearTimeout(timer);
  pending.clear();
}
