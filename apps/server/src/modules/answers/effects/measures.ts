import { DIFFICULTY_MIN_ANSWERS } from '@qbank/contract';

/**
 * The peer measures shared by the write path, the rebuild and the reads (decision 039).
 *
 * Time buckets: 1 s wide under 2 minutes, 10 s wide up to 10 minutes, then one last bucket. A
 * question's median time is read from its histogram, so it never needs the answers themselves.
 */
export const LAST_BUCKET = 168;

export function bucketOf(ms: number): number {
  const s = Math.floor(Math.max(0, ms) / 1000);
  if (s < 120) return s;
  if (s < 600) return 120 + Math.floor((s - 120) / 10);
  return LAST_BUCKET;
}

/** Milliseconds a bucket stands for: its middle (the last bucket: its lower bound, 10 min). */
export function bucketMiddleMs(bucket: number): number {
  if (bucket < 120) return bucket * 1000 + 500;
  if (bucket < LAST_BUCKET) return 120_000 + (bucket - 120) * 10_000 + 5_000;
  return 600_000;
}

/** The median of a histogram: the middle answer's bucket (mean of the two middles when even). */
export function histogramMedian(hist: Record<string, number>): number | null {
  const buckets = Object.entries(hist)
    .map(([k, n]) => [Number(k), n] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((s, [, n]) => s + n, 0);
  if (total === 0) return null;
  const at = (rank: number) => {
    let seen = 0;
    for (const [bucket, n] of buckets) {
      seen += n;
      if (seen > rank) return bucketMiddleMs(bucket);
    }
    return bucketMiddleMs(buckets[buckets.length - 1]![0]);
  };
  const mid = (total - 1) / 2;
  return Math.round((at(Math.floor(mid)) + at(Math.ceil(mid))) / 2);
}

/**
 * Difficulty from the share right (the back office's facility, decision 037): 1 at 80 % or more,
 * 2 from 60 %, 3 from 40 %, 4 from 20 %, 5 below; none under DIFFICULTY_MIN_ANSWERS answers.
 * Integer arithmetic, so SQL and TypeScript agree at the boundaries.
 */
export function difficultyOf(answers: number, correct: number): number | null {
  if (answers < DIFFICULTY_MIN_ANSWERS) return null;
  const fifths = correct * 5;
  if (fifths >= 4 * answers) return 1;
  if (fifths >= 3 * answers) return 2;
  if (fifths >= 2 * answers) return 3;
  if (fifths >= answers) return 4;
  return 5;
}

export const shareOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null;
