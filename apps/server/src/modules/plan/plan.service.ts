import {
  PLAN_BLOCK_MAX,
  PLAN_EXTRA_BLOCK,
  PLAN_MAX_DAYS,
  PLAN_REMINDER_HOUR,
  type StudyPlan,
  type ReviewRun,
  type studyPlanUpdateSchema,
} from '@qbank/contract';
import type { z } from 'zod';
import type { User } from '../../lib/auth';
import { clock } from '../../lib/clock';
import type { App, ServiceDeps } from '../../lib/deps';
import { fieldErrors, notFound } from '../../lib/errors';
import { loadAccess, type AccessDeps } from '../questions/access';
import { runOver } from '../review/review-run.service';
import { dueForecast, learnerDay, todayReviews } from '../review/review.service';
import { daysBetween, paceOf, plannedNew, type PaceInput } from './pace';
import * as repo from './plan.repository';
import { PLAN_REMINDER_LIST } from './plan.repository';
import { isSubscribed, mailSubscriber, setSubscribed } from '../notifications/mail-lists.service';

type PlanInput = z.output<typeof studyPlanUpdateSchema>;
type Deps = AccessDeps;
export type MailDeps = Pick<ServiceDeps, 'db' | 'config' | 'mailer' | 'log'> & Pick<App, 'signer'>;

const NO_PLAN = 'No plan to the exam date yet.';

/** The modules a plan counts: its chosen ones the learner may read, else all their plan opens. */
async function coveredModules(deps: Deps, user: User, chosen: number[] | null) {
  const access = await loadAccess(deps, user);
  const readable = access.all ? await repo.allModuleIds(deps.db) : access.moduleIds;
  return chosen === null ? readable : chosen.filter((id) => readable.includes(id));
}

/** Where the learner stands today: the pace input, counted in the database. */
async function standing(deps: Deps, user: User, row: repo.PlanRow) {
  const day = await learnerDay(deps.db, user.id);
  const modules = await coveredModules(deps, user, row.moduleIds);
  const counts = await repo.planCounts(deps.db, user.id, modules, day.startsAt);
  const input: PaceInput = {
    today: day.today,
    exam: row.examDate,
    off: { weekdaysOff: row.weekdaysOff, datesOff: row.datesOff },
    startedOn: row.startedOn,
    startRemaining: row.startRemaining,
    remainingAtDayStart: counts.remaining + counts.newToday,
  };
  return { day, modules, counts, input, pace: paceOf(input) };
}

export async function getPlan(deps: Deps, user: User): Promise<StudyPlan> {
  const row = await repo.findPlan(deps.db, user.id);
  if (!row) throw notFound(NO_PLAN);
  const { day, modules, counts, input, pace } = await standing(deps, user, row);
  const readable = row.moduleIds === null ? modules : await coveredModules(deps, user, null);
  const horizon = Math.max(0, daysBetween(day.today, row.examDate));
  const [reviews, forecast] = await Promise.all([
    todayReviews(deps, user),
    dueForecast(deps.db, user.id, horizon),
  ]);
  const due = new Map(forecast.days.map((d) => [d.date, d.count]));
  return {
    exam_date: row.examDate,
    weekdays_off: row.weekdaysOff,
    dates_off: row.datesOff,
    modules: row.moduleIds,
    covered_modules: modules,
    readable_modules: readable,
    reminder: await isSubscribed(deps, user.id, PLAN_REMINDER_LIST),
    today: day.today,
    day_off: pace.dayOff,
    study_days_left: pace.studyDaysLeft,
    remaining: counts.remaining,
    quota: pace.quota,
    new_done: counts.newToday,
    behind: pace.behind,
    reviews_done: reviews.done,
    reviews_due: reviews.done + reviews.left,
    overdue: forecast.overdue,
    days: plannedNew(input, pace).map((d) => ({
      date: d.date,
      day_off: d.dayOff,
      new: d.new,
      reviews: due.get(d.date) ?? 0,
    })),
  };
}

/** The date must be after today and within two years; modules must be ones the learner reads. */
async function checkInput(deps: Deps, user: User, input: PlanInput, today: string) {
  const days = daysBetween(today, input.exam_date);
  if (days < 1) throw fieldErrors({ exam_date: ['The exam date must be after today.'] });
  if (days > PLAN_MAX_DAYS)
    throw fieldErrors({ exam_date: [`The exam date must be within ${PLAN_MAX_DAYS} days.`] });
  if (input.modules === null) return null;
  const chosen = [...new Set(input.modules)];
  const readable = await coveredModules(deps, user, null);
  const closed = chosen.filter((id) => !readable.includes(id));
  if (closed.length)
    throw fieldErrors({
      modules: closed.map((id) => `Your subscription does not open module ${id}.`),
    });
  return chosen;
}

/**
 * Sets the plan. A change of date, days off or modules starts a new pace line from today;
 * turning the reminder on or off keeps it.
 */
export async function savePlan(deps: Deps, user: User, input: PlanInput): Promise<StudyPlan> {
  const { today, startsAt } = await learnerDay(deps.db, user.id);
  const moduleIds = await checkInput(deps, user, input, today);
  const datesOff = [...new Set(input.dates_off)]
    .filter((d) => d >= today && d < input.exam_date)
    .sort();
  const weekdaysOff = [...new Set(input.weekdays_off)].sort();
  const before = await repo.findPlan(deps.db, user.id);
  const same =
    before !== undefined &&
    before.examDate === input.exam_date &&
    JSON.stringify(before.weekdaysOff) === JSON.stringify(weekdaysOff) &&
    JSON.stringify(before.datesOff) === JSON.stringify(datesOff) &&
    JSON.stringify(before.moduleIds) === JSON.stringify(moduleIds);
  let start = {
    startedOn: before?.startedOn ?? today,
    startRemaining: before?.startRemaining ?? 0,
  };
  if (!same) {
    const modules = await coveredModules(deps, user, moduleIds);
    const counts = await repo.planCounts(deps.db, user.id, modules, startsAt);
    start = { startedOn: today, startRemaining: counts.remaining + counts.newToday };
  }
  await repo.upsertPlan(deps.db, user.id, {
    examDate: input.exam_date,
    weekdaysOff,
    datesOff,
    moduleIds,
    ...start,
  });
  await setSubscribed(deps, user, PLAN_REMINDER_LIST, input.reminder);
  return getPlan(deps, user);
}

export async function deletePlan(deps: Deps, user: User): Promise<void> {
  if (!(await repo.deletePlan(deps.db, user.id))) throw notFound(NO_PLAN);
}

/** A study run over the plan's unanswered questions: what is left of today's quota by default. */
export async function startBlock(deps: Deps, user: User, size?: number): Promise<ReviewRun> {
  const row = await repo.findPlan(deps.db, user.id);
  if (!row) throw notFound(NO_PLAN);
  const { modules, counts, pace } = await standing(deps, user, row);
  // Today's quota done (or a day off): a short block to get ahead.
  const left = Math.min(PLAN_BLOCK_MAX, Math.max(0, pace.quota - counts.newToday));
  const wanted = size ?? (left || PLAN_EXTRA_BLOCK);
  const ids = await repo.unansweredIds(deps.db, user.id, modules, wanted);
  return runOver(deps, user, ids, 'New questions', 'study');
}

// The daily reminder: the mail list `plan_reminder`, whose link unsubscribes in one click.

/** The sentence the plan screen shows too: behind or ahead, and today's quota. */
export function paceSentence(plan: Pick<StudyPlan, 'behind' | 'quota' | 'day_off'>): string {
  if (plan.day_off) return 'Today is a day off.';
  const quota = `today's quota is ${plan.quota}`;
  const questions = (n: number) => (n === 1 ? '1 question' : `${n} questions`);
  if (plan.behind > 0) return `You are ${questions(plan.behind)} behind; ${quota}.`;
  if (plan.behind < 0) return `You are ${questions(-plan.behind)} ahead; ${quota}.`;
  return `You are on pace; ${quota}.`;
}

function reminderMail(plan: StudyPlan, publicUrl: string) {
  const days = daysBetween(plan.today, plan.exam_date);
  const reviews = Math.max(0, plan.reviews_due - plan.reviews_done);
  return {
    subject: `Today's plan: ${plan.quota} new, ${reviews} to review`,
    text:
      `Your exam is on ${plan.exam_date} (in ${days} days).\n\n` +
      `${paceSentence(plan)}\n` +
      `New questions: ${plan.new_done} / ${plan.quota}. Reviews due: ${reviews}.\n\n` +
      `Start: ${new URL('/plan', publicUrl).toString()}\n\n` +
      `You get this mail because you turned on the daily reminder of your plan.`,
  };
}

/**
 * Sends today's reminder to every learner whose morning has come: claimed first (once per
 * learner and local date, whatever the number of sweeps), then mailed; a failed mail is logged
 * and not retried that day (a reminder is not worth two).
 */
export async function sendReminders(deps: MailDeps): Promise<number> {
  const claimed = await repo.claimReminders(deps.db, clock.now(), PLAN_REMINDER_HOUR);
  let sent = 0;
  for (const { user_id } of claimed) {
    const user = await repo.findUser(deps.db, user_id);
    if (!user) continue;
    const mail = reminderMail(await getPlan(deps, user), deps.config.publicUrl);
    if (await mailSubscriber(deps, PLAN_REMINDER_LIST, user, mail)) sent += 1;
  }
  return sent;
}
