import {
  CARD_STATES,
  DESIRED_RETENTION_MAX,
  FORECAST_DAYS,
  isLeech,
  MISTAKES_STREAK_DEFAULT,
  NEW_PER_DAY_DEFAULT,
  REVIEWS_PER_DAY_DEFAULT,
  type Scope,
  type DueCard,
  type DueQuery,
  type Forecast,
  type Mistake,
  type MistakesQuery,
  type ReviewSettings,
  type ReviewSettingsUpdate,
} from '@qbank/contract';
import type { Db } from '../../db/client';
import type { User } from '../../lib/auth';
import { clock } from '../../lib/clock';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import { DEFAULT_RETENTION } from '../cards/fsrs';
import * as logs from '../cards/review-log.repository';
import * as mistakes from './mistakes.repository';
import { rebucketDays } from '../answers/index';
import * as repo from './review.repository';

const DAY_MS = 86_400_000;
const iso = (value: Date | string) => new Date(value).toISOString();

/** The calendar date `days` after `date` (YYYY-MM-DD): plain date arithmetic, no zone. */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** What the review feature's actions need of the app (decision 043). */
type Deps = { db: Db };

export async function getSettings(deps: Deps, user: User): Promise<ReviewSettings> {
  const { db } = deps;
  const userId = user.id;
  const row = await logs.findSettings(db, userId);
  return {
    desired_retention: row?.desiredRetention ?? DEFAULT_RETENTION,
    mistakes_streak: row?.mistakesStreak ?? MISTAKES_STREAK_DEFAULT,
    review_count: await logs.countReviews(db, userId),
    personalised: Boolean(row?.weights),
    personalised_at: row?.weightsUpdatedAt?.toISOString() ?? null,
    time_zone: row?.timeZone ?? 'UTC',
    new_per_day: row?.newPerDay ?? NEW_PER_DAY_DEFAULT,
    reviews_per_day: row?.reviewsPerDay ?? REVIEWS_PER_DAY_DEFAULT,
  };
}

export async function updateSettings(deps: Deps, user: User, input: ReviewSettingsUpdate) {
  const { db } = deps;
  const userId = user.id;
  const values: Parameters<typeof logs.upsertSettings>[2] = {};
  if (input.desired_retention !== undefined) {
    // Two decimals are all a slider gives; the bound is inclusive.
    values.desiredRetention = Math.min(
      DESIRED_RETENTION_MAX,
      Math.round(input.desired_retention * 100) / 100,
    );
  }
  if (input.mistakes_streak !== undefined) values.mistakesStreak = input.mistakes_streak;
  if (input.new_per_day !== undefined) values.newPerDay = input.new_per_day;
  if (input.reviews_per_day !== undefined) values.reviewsPerDay = input.reviews_per_day;
  const before = (await logs.findSettings(db, userId))?.timeZone ?? 'UTC';
  if (input.time_zone !== undefined) {
    // Stored as the runtime spells it (Intl accepts any case; one spelling per zone).
    values.timeZone = new Intl.DateTimeFormat('en', {
      timeZone: input.time_zone,
    }).resolvedOptions().timeZone;
  }
  if (Object.keys(values).length > 0) await logs.upsertSettings(db, userId, values);
  // A new time zone moves day boundaries: the learner's days are cut again.
  if (values.timeZone !== undefined && values.timeZone !== before) await rebucketDays(db, userId);
  return getSettings(deps, user);
}

/**
 * What is left of the learner's daily limits today: reviews the queue still offers, and new
 * questions a due run may still open.
 */
export async function dailyAllowance(db: Db, userId: number, dayStart: Date) {
  const settings = await logs.findSettings(db, userId);
  const done = await repo.reviewsSince(db, userId, dayStart);
  return {
    reviews: Math.max(0, (settings?.reviewsPerDay ?? REVIEWS_PER_DAY_DEFAULT) - done.reviews),
    new: Math.max(0, (settings?.newPerDay ?? NEW_PER_DAY_DEFAULT) - done.started),
  };
}

/**
 * Cards due before the end of the learner's today, soonest first, in the scope, at most the
 * reviews left of the day's limit (the total says how many the queue offers).
 */
export async function listDue(deps: Deps, user: User, query: DueQuery) {
  const { db } = deps;
  const userId = user.id;
  const { startsAt, endsAt } = await repo.learnerToday(db, userId, clock.now());
  const allowance = await dailyAllowance(db, userId, startsAt);
  const window = pageWindow(query);
  const limited = { ...window, limit: Math.min(window.limit, allowance.reviews - window.offset) };
  const scope = { module: query.module, course: query.course };
  const found = await repo.dueCards(db, userId, endsAt, scope, limited);
  const total = Math.min(found.total, allowance.reviews);
  assertPageExists(query, total);
  const results: DueCard[] = found.rows.map(({ card, question, misses }) => ({
    question,
    state: CARD_STATES[card.state] ?? 'new',
    due_at: card.dueAt.toISOString(),
    reps: card.reps,
    lapses: card.lapses,
    is_leech: isLeech({ lapses: card.lapses, misses: Number(misses) }),
  }));
  return { total, results };
}

/**
 * Reviews falling due on each of the learner's `days` days from today (date → count), and the
 * cards already overdue: the review forecast and the plan to the exam date both read it.
 */
export async function dueForecast(db: Db, userId: number, days: number) {
  const now = clock.now();
  const [{ today }, counts] = await Promise.all([
    repo.learnerToday(db, userId, now),
    repo.dueByDay(db, userId, now, days),
  ]);
  const byDay = new Map(counts.map((c) => [Number(c.day), Number(c.n)]));
  const overdue = counts.filter((c) => Number(c.day) < 0).reduce((s, c) => s + Number(c.n), 0);
  const list = Array.from({ length: days }, (_, day) => ({
    date: addDays(today, day),
    count: byDay.get(day) ?? 0,
  }));
  return { today, overdue, days: list };
}

/** Reviews falling due on each of the learner's next 30 days (today first); overdue apart. */
export async function forecast(deps: Deps, user: User): Promise<Forecast> {
  return dueForecast(deps.db, user.id, FORECAST_DAYS);
}

/** The learner's date now and the instants their day starts and ends (their time zone). */
export const learnerDay = (db: Db, userId: number) => repo.learnerToday(db, userId, clock.now());

/** Reviews done today, and the reviews the queue still offers today (within the daily limit). */
export async function todayReviews(deps: Deps, user: User) {
  const { startsAt } = await learnerDay(deps.db, user.id);
  const done = (await repo.reviewsSince(deps.db, user.id, startsAt)).reviews;
  const { total } = await listDue(deps, user, { page: 1, page_size: 1 });
  return { done, left: total };
}

async function shelfStreak(db: Db, userId: number): Promise<number> {
  return (await logs.findSettings(db, userId))?.mistakesStreak ?? MISTAKES_STREAK_DEFAULT;
}

export async function listMistakes(deps: Deps, user: User, query: MistakesQuery) {
  const { db } = deps;
  const userId = user.id;
  const streak = await shelfStreak(db, userId);
  const filter = { leechOnly: query.leech === true, module: query.module, course: query.course };
  const rows = await mistakes.listShelf(db, userId, streak, filter, pageWindow(query));
  // The page carries the total; past the last page, count apart (for the 404).
  const total = rows[0]?.total ?? (await mistakes.countShelf(db, userId, streak, filter));
  assertPageExists(query, total);
  const results: Mistake[] = rows.map((row) => ({
    question: {
      id: row.question_id,
      stem: row.stem,
      course: row.course_id,
      module: row.module_id,
      clinical_case: row.clinical_case_id,
    },
    last_answered_at: iso(row.last_answered_at),
    last_wrong_at: row.last_wrong_at ? iso(row.last_wrong_at) : null,
    streak: Number(row.streak),
    lapses: Number(row.lapses),
    is_leech: isLeech({ lapses: Number(row.lapses), misses: Number(row.misses) }),
    suspended: row.suspended === true,
  }));
  return { total, results };
}

/** Question ids of the shelf in its order (leeches first), in the scope, at most `limit`. */
export async function shelfQuestionIds(db: Db, userId: number, scope: Scope, limit: number) {
  const streak = await shelfStreak(db, userId);
  const filter = { leechOnly: false, ...scope };
  const rows = await mistakes.listShelf(db, userId, streak, filter, { limit, offset: 0 });
  return rows.map((r) => r.question_id);
}

/**
 * Question ids of today's due cards in the scope (a case's card opening all its questions),
 * then, while the run has room, new questions up to what is left of the day's new limit.
 */
export async function dueQuestionIds(deps: Deps, user: User, scope: Scope, limit: number) {
  const { db } = deps;
  const { results: rows } = await listDue(deps, user, { page: 1, page_size: limit, ...scope });
  const leads = rows.filter((r) => r.question.clinical_case !== null).map((r) => r.question.id);
  const members = await repo.caseMembers(db, leads);
  const ids = [...new Set(rows.flatMap((r) => members.get(r.question.id) ?? [r.question.id]))];
  const { startsAt } = await repo.learnerToday(db, user.id, clock.now());
  const room = Math.min(limit - ids.length, (await dailyAllowance(db, user.id, startsAt)).new);
  const fresh = await repo.newQuestionIds(db, user.id, scope, room);
  return [...ids, ...fresh].slice(0, limit);
}
