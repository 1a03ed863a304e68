import { afterEach, describe, expect, it } from 'vitest';
import { questionEvaluations } from '../../db/schema/index';
import { clock } from '../../lib/clock';
import { setupTestApp } from '../../../test/helper';
import { buildCourse, buildQuestion, buildUser, type TestUser } from '../../../test/factories';

/**
 * Issue 38: one "today", the learner's stored IANA zone, with the day arithmetic in the database.
 * Each learner's forecast spans a daylight-saving change, where a fixed offset taken "now" would
 * put a card on the wrong day.
 */
const { app, database } = await setupTestApp();
const db = database.db;
const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});

const get = (user: TestUser, url: string) =>
  app.inject({ method: 'GET', url: `/api/${url}`, headers: user.headers });

/** A learner in `zone` with one card due at each instant. */
async function learnerIn(zone: string, dues: string[]) {
  const learner = await buildUser(db);
  const saved = await app.inject({
    method: 'PATCH',
    url: '/api/review/settings/',
    headers: learner.headers,
    payload: { time_zone: zone },
  });
  expect(saved.json().time_zone).toBe(zone);
  const course = await buildCourse(db);
  for (const due of dues) {
    const question = await buildQuestion(db, { courseId: course.id });
    await db.insert(questionEvaluations).values({
      userId: learner.user.id,
      questionId: question.id,
      rating: 'good',
      state: 2,
      dueAt: new Date(due),
    });
  }
  return learner;
}

const firstDays = (forecast: { days: { date: string; count: number }[] }) =>
  forecast.days.slice(0, 3);

describe('the learner’s days, in their time zone', () => {
  it('Pacific/Auckland: today is already tomorrow in UTC, and days stay whole when NZDT ends', async () => {
    // 2025-04-04 12:30 UTC is 01:30 on Saturday 5 April in Auckland (NZDT, +13). Summer time
    // ends on Sunday 6 April at 03:00 (14:00 UTC on the 5th): from then on +12.
    const learner = await learnerIn('Pacific/Auckland', [
      '2025-04-04T10:00:00Z', // Fri 23:00: overdue
      '2025-04-05T10:30:00Z', // Sat 23:30: today
      '2025-04-05T11:30:00Z', // Sun 00:30 (+13)
      '2025-04-06T11:30:00Z', // Sun 23:30 (+12); a fixed +13 would say Monday
      '2025-04-06T12:30:00Z', // Mon 00:30 (+12)
    ]);
    clock.now = () => new Date('2025-04-04T12:30:00Z');
    const forecast = (await get(learner, 'review/forecast/')).json();
    expect(forecast.today).toBe('2025-04-05');
    expect(forecast.overdue).toBe(1);
    expect(firstDays(forecast)).toEqual([
      { date: '2025-04-05', count: 1 },
      { date: '2025-04-06', count: 2 },
      { date: '2025-04-07', count: 1 },
    ]);
    // Today's queue: the overdue card and today's, whatever offset an old client still sends.
    const due = (await get(learner, 'review/due/?tz_offset=-600')).json();
    expect(due.count).toBe(2);
  });

  it('America/Los_Angeles: today is still yesterday in UTC, and days stay whole when PDT starts', async () => {
    // 2025-03-09 05:00 UTC is 21:00 on Saturday 8 March in Los Angeles (PST, −8). Summer time
    // starts on Sunday 9 March at 02:00 (10:00 UTC): from then on −7.
    const learner = await learnerIn('America/Los_Angeles', [
      '2025-03-09T07:59:00Z', // Sat 23:59: today
      '2025-03-09T08:00:00Z', // Sun 00:00 (−8)
      '2025-03-10T06:30:00Z', // Sun 23:30 (−7)
      '2025-03-10T07:30:00Z', // Mon 00:30 (−7); a fixed −8 would say Sunday
    ]);
    clock.now = () => new Date('2025-03-09T05:00:00Z');
    const forecast = (await get(learner, 'review/forecast/')).json();
    expect(forecast.today).toBe('2025-03-08');
    expect(forecast.overdue).toBe(0);
    expect(firstDays(forecast)).toEqual([
      { date: '2025-03-08', count: 1 },
      { date: '2025-03-09', count: 2 },
      { date: '2025-03-10', count: 1 },
    ]);
    expect((await get(learner, 'review/due/')).json().count).toBe(1);

    // Two days later (after the change) the boundaries follow PDT: Monday is today.
    clock.now = () => new Date('2025-03-10T07:15:00Z'); // Mon 00:15 PDT
    const later = (await get(learner, 'review/forecast/')).json();
    expect(later.today).toBe('2025-03-10');
    expect(later.overdue).toBe(3);
    expect(later.days[0]).toEqual({ date: '2025-03-10', count: 1 });
  });
});
