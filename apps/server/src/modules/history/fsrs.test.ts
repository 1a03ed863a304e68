import { describe, expect, it } from 'vitest';
import { AGAIN_DELAY_MINUTES, nextIntervalDays, retrievability, review, type Card } from './fsrs';

const DAY = 86_400_000;
const now = new Date('2026-01-01T08:00:00Z');
const newCard: Card = { stability: 0, difficulty: 0, reps: 0, lapses: 0, lastReview: null };
const days = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / DAY);

describe('FSRS-5 with default parameters', () => {
  it('gives a new card the initial stability and difficulty of its first rating', () => {
    const good = review(newCard, 'good', now);
    expect(good).toMatchObject({ stability: 3.173, difficulty: 5.2824, reps: 1, lapses: 0 });
    expect(days(now, good.dueAt)).toBe(3);

    const easy = review(newCard, 'easy', now);
    expect(easy.stability).toBe(15.6911);
    expect(easy.difficulty).toBe(3.2245);
    expect(days(now, easy.dueAt)).toBe(16);

    const hard = review(newCard, 'hard', now);
    expect(hard).toMatchObject({ stability: 1.1839, difficulty: 6.4883 });
    expect(days(now, hard.dueAt)).toBe(1);

    const again = review(newCard, 'again', now);
    expect(again).toMatchObject({ stability: 0.4026, difficulty: 7.1949, lapses: 0 });
    expect(again.dueAt.getTime() - now.getTime()).toBe(AGAIN_DELAY_MINUTES * 60_000);
  });

  it('has 90 % recall when the interval equals the stability', () => {
    expect(retrievability(10, 10)).toBeCloseTo(0.9, 6);
    expect(nextIntervalDays(10)).toBe(10);
    expect(nextIntervalDays(0.1)).toBe(1);
    expect(nextIntervalDays(1e9)).toBe(36_500);
  });

  it('grows the stability after a successful review on time, more for easy than hard', () => {
    const first = review(newCard, 'good', now);
    const later = new Date(first.dueAt);
    const good = review(first, 'good', later);
    const hard = review(first, 'hard', later);
    const easy = review(first, 'easy', later);
    expect(good.stability).toBeGreaterThan(first.stability);
    expect(hard.stability).toBeLessThan(good.stability);
    expect(easy.stability).toBeGreaterThan(good.stability);
    expect(days(later, good.dueAt)).toBeGreaterThan(3);
    expect(good.reps).toBe(2);
    expect(hard.difficulty).toBeGreaterThan(good.difficulty);
    expect(easy.difficulty).toBeLessThan(good.difficulty);
  });

  it('counts a lapse and shrinks the stability when a known card is forgotten', () => {
    const first = review(newCard, 'good', now);
    const forgotten = review(first, 'again', first.dueAt);
    expect(forgotten.lapses).toBe(1);
    expect(forgotten.stability).toBeLessThan(first.stability);
    expect(forgotten.difficulty).toBeGreaterThan(first.difficulty);
    expect(forgotten.dueAt.getTime() - first.dueAt.getTime()).toBe(10 * 60_000);
  });

  it('keeps difficulty within 1..10 under repeated ratings', () => {
    let card: Card = newCard;
    let at = now;
    for (let i = 0; i < 20; i++) {
      const next = review(card, 'again', at);
      expect(next.difficulty).toBeLessThanOrEqual(10);
      card = next;
      at = new Date(at.getTime() + 2 * DAY);
    }
    for (let i = 0; i < 20; i++) {
      const next = review(card, 'easy', at);
      expect(next.difficulty).toBeGreaterThanOrEqual(1);
      card = next;
      at = next.dueAt;
    }
  });

  it('uses the short-term update for a second review the same day', () => {
    const first = review(newCard, 'good', now);
    const sameDay = review(first, 'good', new Date(now.getTime() + 3_600_000));
    expect(sameDay.stability).toBeCloseTo(3.173 * Math.exp(0.51655 * 0.6621), 3);
  });
});
