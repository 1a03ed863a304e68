import type { Rating as RatingName } from '@qbank/contract';
import {
  createEmptyCard,
  fsrs,
  generatorParameters,
  Rating,
  State,
  type Card,
  type FSRS,
  type Grade,
} from 'ts-fsrs';

/**
 * Scheduling with the ts-fsrs library (FSRS-6), in ONE mode (decision 038): short-term on, one
 * 10-minute (re)learning step, no fuzz (a schedule is reproducible from its review log).
 */
export const LEARNING_STEPS = ['10m'] as const;
export const RELEARNING_STEPS = ['10m'] as const;
export const DEFAULT_RETENTION = 0.9;

export interface SchedulerOptions {
  desiredRetention: number;
  /** A learner's fitted FSRS-6 parameters; null for the library's defaults. */
  weights: number[] | null;
}

/**
 * Schedulers by their options, made once: making one cost as much as the review it computes,
 * on every answer. Keyed by the whole options, so a kept scheduler is never out of date.
 */
const schedulers = new Map<string, FSRS>();

export function schedulerFor(options: SchedulerOptions): FSRS {
  const key = `${options.desiredRetention}|${options.weights?.join(',') ?? ''}`;
  let scheduler = schedulers.get(key);
  if (!scheduler) {
    // Learners' own weights are many and rarely shared: a bound, not an LRU.
    if (schedulers.size >= 1_000) schedulers.clear();
    scheduler = fsrs(
      generatorParameters({
        request_retention: options.desiredRetention,
        enable_fuzz: false,
        enable_short_term: true,
        learning_steps: [...LEARNING_STEPS],
        relearning_steps: [...RELEARNING_STEPS],
        ...(options.weights ? { w: options.weights } : {}),
      }),
    );
    schedulers.set(key, scheduler);
  }
  return scheduler;
}

export const GRADE: Record<RatingName, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

export const STATE_NAMES = ['new', 'learning', 'review', 'relearning'] as const;

/** The stored part of a card (a row of question_evaluations). */
export interface StoredCard {
  stability: number;
  difficulty: number;
  reps: number;
  lapses: number;
  state: number;
  learningSteps: number;
  scheduledDays: number;
  lastReview: Date | null;
  dueAt: Date;
}

/** A stored card's scheduling state, without the row's other columns. */
export function storedCard(row: StoredCard): StoredCard {
  const { stability, difficulty, reps, lapses, state, learningSteps, scheduledDays } = row;
  const { lastReview, dueAt } = row;
  return {
    stability,
    difficulty,
    reps,
    lapses,
    state,
    learningSteps,
    scheduledDays,
    lastReview,
    dueAt,
  };
}

export function toLibraryCard(stored: StoredCard | undefined, now: Date): Card {
  if (!stored || stored.state === State.New) return createEmptyCard(now);
  return {
    due: stored.dueAt,
    stability: stored.stability,
    difficulty: stored.difficulty,
    elapsed_days: 0,
    scheduled_days: stored.scheduledDays,
    learning_steps: stored.learningSteps,
    reps: stored.reps,
    lapses: stored.lapses,
    state: stored.state as State,
    last_review: stored.lastReview ?? undefined,
  };
}

export function fromLibraryCard(card: Card): StoredCard {
  return {
    stability: card.stability,
    difficulty: card.difficulty,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    learningSteps: card.learning_steps,
    scheduledDays: card.scheduled_days,
    lastReview: card.last_review ?? null,
    dueAt: card.due,
  };
}

/** The card after a review with `rating` at `now`. */
export function review(
  scheduler: FSRS,
  stored: StoredCard | undefined,
  rating: RatingName,
  now: Date,
): StoredCard {
  const { card } = scheduler.next(toLibraryCard(stored, now), now, GRADE[rating]);
  return fromLibraryCard(card);
}
