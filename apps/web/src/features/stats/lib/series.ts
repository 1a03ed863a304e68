import type { DashboardDay } from '@qbank/contract/stats';

/**
 * Day-level sums folded into weeks (Monday first) for the trend charts. Dates are the learner's
 * calendar dates and `today` is the server's (their time zone), so only date arithmetic here.
 */

const DAY_MS = 86_400_000;

export type Week = { start: string; answers: number; correct: number; time_ms: number };

export function mondayOf(date: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return new Date(ms - weekday * DAY_MS).toISOString().slice(0, 10);
}

/** The last `count` weeks up to today's, empty weeks included. */
export function weeklySeries(days: DashboardDay[], today: string, count = 26): Week[] {
  const thisWeek = Date.parse(`${mondayOf(today)}T00:00:00Z`);
  const weeks: Week[] = Array.from({ length: count }, (_, i) => ({
    start: new Date(thisWeek - (count - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
    answers: 0,
    correct: 0,
    time_ms: 0,
  }));
  const byStart = new Map(weeks.map((w) => [w.start, w]));
  for (const d of days) {
    const week = byStart.get(mondayOf(d.date));
    if (!week) continue;
    week.answers += d.answers;
    week.correct += d.correct;
    week.time_ms += d.time_ms;
  }
  return weeks;
}

/** The heatmap's grid: 53 columns of 7 days (Monday on top), ending with today's week. */
export function heatmapWeeks(days: DashboardDay[], todayKey: string) {
  const counts = new Map(days.map((d) => [d.date, d.answers]));
  const lastMonday = Date.parse(`${mondayOf(todayKey)}T00:00:00Z`);
  return Array.from({ length: 53 }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => {
      const date = new Date(lastMonday - (52 - w) * 7 * DAY_MS + d * DAY_MS)
        .toISOString()
        .slice(0, 10);
      return { date, answers: counts.get(date) ?? 0, future: date > todayKey };
    }),
  );
}

/** 0–4: how dark a heatmap cell is. */
export function level(answers: number): number {
  if (answers === 0) return 0;
  if (answers < 10) return 1;
  if (answers < 30) return 2;
  if (answers < 80) return 3;
  return 4;
}

export const shareRight = (correct: number, answers: number) =>
  answers ? Math.round((correct / answers) * 100) : null;

export const secondsPer = (timeMs: number, answers: number) =>
  answers ? Math.round(timeMs / answers / 100) / 10 : null;
