import { createEmptyCard, fsrs, Rating, State, type Card } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { review, schedulerFor, type StoredCard } from './fsrs';
import { gradeFromAnswer } from './grade';

const DAY = 86_400_000;
const start = new Date('2026-01-01T08:00:00Z');
const NAMES = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };
type Name = keyof typeof NAMES;

/** The library itself, configured as decision 038 says, as the reference. */
const reference = fsrs({
  request_retention: 0.9,
  enable_fuzz: false,
  enable_short_term: true,
  learning_steps: ['10m'],
  relearning_steps: ['10m'],
});

/** A review log: ratings, each given when the card falls due (plus `lateDays`). */
const LOG: { rating: Name; lateDays: number }[] = [
  { rating: 'good', lateDays: 0 },
  { rating: 'good', lateDays: 0 },
  { rating: 'again', lateDays: 2 },
  { rating: 'good', lateDays: 0 },
  { rating: 'hard', lateDays: 1 },
  { rating: 'easy', lateDays: 0 },
  { rating: 'good', lateDays: 5 },
];

describe('scheduling with ts-fsrs (FSRS-6)', () => {
  it('gives the same states, intervals and due dates as ts-fsrs for the same review log', () => {
    const ours = schedulerFor({ desiredRetention: 0.9, weights: null });
    let stored: StoredCard | undefined;
    let card: Card = createEmptyCard(start);
    let now = start;
    for (const { rating, lateDays } of LOG) {
      stored = review(ours, stored, rating, now);
      card = reference.next(card, now, NAMES[rating] as 1 | 2 | 3 | 4).card;
      expect(stored.state).toBe(card.state);
      expect(stored.dueAt.getTime()).toBe(card.due.getTime());
      expect(stored.scheduledDays).toBe(card.scheduled_days);
      expect(stored.stability).toBe(card.stability);
      expect(stored.difficulty).toBe(card.difficulty);
      expect(stored.lapses).toBe(card.lapses);
      now = new Date(card.due.getTime() + lateDays * DAY);
    }
    expect(stored!.reps).toBe(LOG.length);
    expect(stored!.lapses).toBe(1);
  });

  it('moves a new card through learning to review, and a forgotten one to relearning', () => {
    const ours = schedulerFor({ desiredRetention: 0.9, weights: null });
    const again = review(ours, undefined, 'again', start);
    expect(again.state).toBe(State.Learning);
    expect(again.dueAt.getTime() - start.getTime()).toBe(10 * 60_000);
    const good = review(ours, undefined, 'good', start);
    expect(good.state).toBe(State.Review);
    expect(good.scheduledDays).toBeGreaterThanOrEqual(1);
    const lapse = review(ours, good, 'again', good.dueAt);
    expect(lapse.state).toBe(State.Relearning);
    expect(lapse.lapses).toBe(1);
  });

  it('schedules sooner for a higher desired retention', () => {
    const first = (retention: number) =>
      review(schedulerFor({ desiredRetention: retention, weights: null }), undefined, 'easy', start)
        .scheduledDays;
    expect(first(0.97)).toBeLessThan(first(0.9));
    expect(first(0.7)).toBeGreaterThan(first(0.9));
  });
});

describe('gradeFromAnswer', () => {
  it('grades from correctness and time, and time alone never makes an answer easy', () => {
    expect(gradeFromAnswer({ correctness: 0, timeSpentSeconds: 10 })).toBe('again');
    expect(gradeFromAnswer({ correctness: 0.4, timeSpentSeconds: 10 })).toBe('again');
    expect(gradeFromAnswer({ correctness: 0.75, timeSpentSeconds: 10 })).toBe('hard');
    expect(gradeFromAnswer({ correctness: 1, timeSpentSeconds: 1 })).toBe('good');
    expect(gradeFromAnswer({ correctness: 1, timeSpentSeconds: 10 })).toBe('good');
    expect(gradeFromAnswer({ correctness: 1, timeSpentSeconds: 45 })).toBe('good');
    expect(gradeFromAnswer({ correctness: 1, timeSpentSeconds: 200 })).toBe('hard');
    expect(gradeFromAnswer({ correctness: 1, timeSpentSeconds: 0 })).toBe('good');
  });

  it('lets confidence adjust the grade', () => {
    expect(gradeFromAnswer({ correctness: 1, timeSpentSeconds: 10, confidence: 'guess' })).toBe(
      'hard',
    );
    expect(gradeFromAnswer({ correctness: 1, timeSpentSeconds: 10, confidence: 'unsure' })).toBe(
      'good',
    );
    expect(gradeFromAnswer({ correctness: 1, timeSpentSeconds: 10, confidence: 'sure' })).toBe(
      'easy',
    );
    expect(gradeFromAnswer({ correctness: 0.75, timeSpentSeconds: 10, confidence: 'sure' })).toBe(
      'again',
    );
    expect(gradeFromAnswer({ correctness: 0, timeSpentSeconds: 10, confidence: 'sure' })).toBe(
      'again',
    );
  });
});
