import type { Standing } from '@qbank/contract';

/**
 * Where a score stands among the ranked takers of a paper (decision 052). Scores are sums of
 * 1, 0.5 and 0.2 points: compared at a hundredth so that the order of an addition never makes
 * two equal scores unequal.
 */
export const roundScore = (score: number) => Math.round(score * 100) / 100;

/**
 * `population` holds every ranked score (the learner's own when their attempt is ranked).
 * rank = 1 + takers scoring higher (ties share a rank); percentile = share of takers scoring
 * strictly lower, in % with one decimal. A practice attempt gets no rank or percentile.
 */
export function standingOf(
  score: number,
  maxScore: number,
  population: number[],
  ranked: boolean,
): Standing {
  const mine = roundScore(score);
  const scores = population.map(roundScore);
  const n = scores.length;
  const higher = scores.filter((s) => s > mine).length;
  const lower = scores.filter((s) => s < mine).length;
  const mean = n ? roundScore(scores.reduce((a, b) => a + b, 0) / n) : null;
  return {
    score: mine,
    max_score: maxScore,
    rank: ranked && n ? higher + 1 : null,
    percentile: ranked && n ? Math.round((1000 * lower) / n) / 10 : null,
    takers: n,
    mean,
  };
}

export const DISTRIBUTION_BINS = 10;

/** Ranked scores counted in tenths of the maximum; a full score falls in the last tenth. */
export function distributionOf(population: number[], maxScore: number) {
  const width = 100 / DISTRIBUTION_BINS;
  const bins = Array.from({ length: DISTRIBUTION_BINS }, (_, i) => ({
    from: i * width,
    to: (i + 1) * width,
    count: 0,
  }));
  if (maxScore <= 0) return bins;
  for (const score of population) {
    const share = roundScore(score) / maxScore;
    const i = Math.min(
      DISTRIBUTION_BINS - 1,
      Math.max(0, Math.floor(share * DISTRIBUTION_BINS + 1e-9)),
    );
    bins[i]!.count++;
  }
  return bins;
}
