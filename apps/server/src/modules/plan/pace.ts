/**
 * The plan's arithmetic on calendar dates (decision 054): pure, so its rules are tested without
 * a database. Dates are the learner's (YYYY-MM-DD); "today" comes from the database in the
 * learner's zone (decision 053), after which a date is only a date.
 */

const DAY_MS = 86_400_000;

export interface DaysOff {
  /** ISO weekdays: 1 Monday … 7 Sunday. */
  weekdaysOff: number[];
  datesOff: string[];
}

const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

export const addDays = (date: string, days: number) =>
  new Date(toMs(date) + days * DAY_MS).toISOString().slice(0, 10);

export const daysBetween = (from: string, to: string) =>
  Math.round((toMs(to) - toMs(from)) / DAY_MS);

/** 1 Monday … 7 Sunday. */
export const isoWeekday = (date: string) => ((new Date(toMs(date)).getUTCDay() + 6) % 7) + 1;

export const isDayOff = (date: string, off: DaysOff) =>
  off.weekdaysOff.includes(isoWeekday(date)) || off.datesOff.includes(date);

/** The dates from `from` up to the eve of `exam` (the exam day itself is not a study day). */
export function datesUntil(from: string, exam: string): string[] {
  return Array.from({ length: Math.max(0, daysBetween(from, exam)) }, (_, i) => addDays(from, i));
}

export const studyDays = (from: string, exam: string, off: DaysOff) =>
  datesUntil(from, exam).filter((d) => !isDayOff(d, off)).length;

export interface PaceInput {
  today: string;
  exam: string;
  off: DaysOff;
  /** The pace line: its first day and the questions left at its start. */
  startedOn: string;
  startRemaining: number;
  /** Questions of the plan left at the start of today (today's first answers count as left). */
  remainingAtDayStart: number;
}

export interface Pace {
  dayOff: boolean;
  studyDaysLeft: number;
  quota: number;
  /** Questions behind the pace line at the start of today; negative: ahead. */
  behind: number;
}

/**
 * Today's quota is what is left divided over the study days left, today included, rounded up
 * so the bank is covered on the eve of the exam: behind, it rises; ahead, it falls. The pace
 * line is the first day's quota kept every study day since; `behind` compares with it.
 */
export function paceOf(p: PaceInput): Pace {
  const dayOff = isDayOff(p.today, p.off);
  const studyDaysLeft = studyDays(p.today, p.exam, p.off);
  const quota =
    dayOff || studyDaysLeft === 0 ? 0 : Math.ceil(p.remainingAtDayStart / studyDaysLeft);
  const planned = studyDays(p.startedOn, p.exam, p.off);
  const firstQuota = planned === 0 ? p.startRemaining : Math.ceil(p.startRemaining / planned);
  const studied = studyDays(p.startedOn, p.today, p.off);
  const expected = Math.max(0, p.startRemaining - studied * firstQuota);
  return { dayOff, studyDaysLeft, quota, behind: p.remainingAtDayStart - expected };
}

/**
 * New questions per day from today to the eve of the exam: today's quota today, and what is
 * left after it spread evenly over the later study days (the first ones take the remainder).
 */
export function plannedNew(
  p: PaceInput,
  pace: Pace,
): { date: string; dayOff: boolean; new: number }[] {
  const dates = datesUntil(p.today, p.exam);
  const later = dates.slice(1).filter((d) => !isDayOff(d, p.off));
  const left = Math.max(0, p.remainingAtDayStart - pace.quota);
  const base = later.length ? Math.floor(left / later.length) : 0;
  const extra = later.length ? left % later.length : 0;
  const share = new Map(later.map((d, i) => [d, base + (i < extra ? 1 : 0)]));
  return dates.map((date, i) => ({
    date,
    dayOff: isDayOff(date, p.off),
    new: i === 0 ? pace.quota : (share.get(date) ?? 0),
  }));
}
