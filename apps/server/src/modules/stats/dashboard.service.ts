import type { Dashboard, DashboardDay, DashboardGroup } from '@qbank/contract';
import type { Db } from '../../db/client';
import type { User } from '../../lib/auth';
import * as repo from './stats.repository';

/**
 * The learner's dashboard (decision 039): four reads of small per-learner aggregates (a row per
 * course, source and day studied), so its cost follows days and courses, not answers.
 */

const DAY_MS = 86_400_000;
const HEATMAP_DAYS = 53 * 7;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** Days in a row: the longest run, and the run that reaches today or yesterday. */
export function streaks(dates: string[], today = utcDay(Date.now())) {
  const days = dates.map(dayNumber).sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  for (let i = 0; i < days.length; i++) {
    run = i > 0 && days[i] === days[i - 1]! + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const last = days[days.length - 1];
  const now = dayNumber(today);
  const current = last !== undefined && now - last <= 1 ? run : 0;
  return { current, longest };
}

/** 0–100: the share of peers below, ties counted half (the usual percentile rank). */
const percentileRank = (below: number, ties: number, peers: number) =>
  Math.round(((below + ties / 2) / peers) * 1000) / 10;

async function percentiles(db: Db, userId: number): Promise<Dashboard['percentile']> {
  const found = await repo.coursePercentiles(db, userId);
  const courses = found.map((c) => ({
    course: c.course,
    name: c.name,
    percentile: percentileRank(c.below, c.ties, c.peers),
    peers: c.peers,
  }));
  const weight = found.reduce((s, c) => s + c.questions, 0);
  const overall = weight
    ? Math.round(
        (found.reduce((s, c, i) => s + courses[i]!.percentile * c.questions, 0) / weight) * 10,
      ) / 10
    : null;
  return { overall, courses };
}

export async function dashboard(deps: { db: Db }, user: User): Promise<Dashboard> {
  const { db } = deps;
  const userId = user.id;
  // Independent reads: on a PostgreSQL pool they run side by side.
  const [courses, sources, days, percentile, today] = await Promise.all([
    repo.courseTotals(db, userId),
    repo.sourceTotals(db, userId),
    repo.dayTotals(db, userId),
    percentiles(db, userId),
    repo.todayOf(db, userId),
  ]);
  const modules = new Map<number, DashboardGroup>();
  for (const c of courses) {
    const m = modules.get(c.module) ?? {
      id: c.module,
      name: c.module_name,
      answers: 0,
      correct: 0,
      time_ms: 0,
    };
    m.answers += c.answers;
    m.correct += c.correct;
    m.time_ms += c.time_ms;
    modules.set(c.module, m);
  }
  const sum = (key: 'answers' | 'correct' | 'time_ms') => days.reduce((s, d) => s + d[key], 0);
  const since = utcDay((dayNumber(today) - (HEATMAP_DAYS - 1)) * DAY_MS);
  const recent: DashboardDay[] = days.filter((d) => d.date >= since);
  return {
    today,
    totals: {
      answers: sum('answers'),
      correct: sum('correct'),
      time_ms: sum('time_ms'),
      questions: courses.reduce((s, c) => s + c.questions, 0),
      days_studied: days.length,
    },
    by_module: [...modules.values()],
    by_course: courses.map((c) => ({
      id: c.id,
      name: c.name,
      module: c.module,
      answers: c.answers,
      correct: c.correct,
      time_ms: c.time_ms,
    })),
    by_source: sources,
    days: recent,
    streak: streaks(
      days.map((d) => d.date),
      today,
    ),
    percentile,
  };
}
