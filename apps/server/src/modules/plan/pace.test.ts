import { describe, expect, it } from 'vitest';
import { isoWeekday, paceOf, plannedNew, studyDays, type PaceInput } from './pace';

// 2026-03-02 is a Monday; the exam on 2026-03-12 leaves ten days, 2 to 11 March.
const off = { weekdaysOff: [7], datesOff: ['2026-03-05'] };
const base: PaceInput = {
  today: '2026-03-02',
  exam: '2026-03-12',
  off,
  startedOn: '2026-03-02',
  startRemaining: 20,
  remainingAtDayStart: 20,
};

describe('the pace of a plan', () => {
  it('counts study days up to the eve of the exam, without the days off', () => {
    expect(isoWeekday('2026-03-02')).toBe(1);
    expect(isoWeekday('2026-03-08')).toBe(7);
    expect(studyDays('2026-03-02', '2026-03-12', off)).toBe(8);
    expect(studyDays('2026-03-12', '2026-03-12', off)).toBe(0);
  });

  it('divides what is left over the study days, rounded up, and plans every question', () => {
    const pace = paceOf(base);
    expect(pace).toEqual({ dayOff: false, studyDaysLeft: 8, quota: 3, behind: 0 });
    const days = plannedNew(base, pace);
    expect(days).toHaveLength(10);
    expect(days.filter((d) => d.dayOff).map((d) => d.date)).toEqual(['2026-03-05', '2026-03-08']);
    expect(days.filter((d) => d.dayOff).every((d) => d.new === 0)).toBe(true);
    expect(days.reduce((s, d) => s + d.new, 0)).toBe(20);
  });

  it('raises the quota when behind and lowers it when ahead', () => {
    // Nothing done on the 2nd: 3 behind the line, and 20 over 7 days.
    const behind = paceOf({ ...base, today: '2026-03-03' });
    expect(behind).toMatchObject({ quota: 3, behind: 3, studyDaysLeft: 7 });
    // 12 left on the 4th after 8 done: the line expects 14, so 2 ahead; 12 over 6 days.
    const ahead = paceOf({ ...base, today: '2026-03-04', remainingAtDayStart: 12 });
    expect(ahead).toMatchObject({ quota: 2, behind: -2, studyDaysLeft: 6 });
    // Far behind: 40 behind the line and the quota shows it.
    const far = paceOf({
      ...base,
      startRemaining: 160,
      remainingAtDayStart: 160,
      today: '2026-03-10',
    });
    expect(far.behind).toBe(160 - (160 - 6 * 20));
    expect(far.quota).toBe(80);
  });

  it('plans nothing on a day off, and nothing once no study day is left', () => {
    expect(paceOf({ ...base, today: '2026-03-05' })).toMatchObject({ dayOff: true, quota: 0 });
    expect(paceOf({ ...base, today: '2026-03-11', remainingAtDayStart: 5 })).toMatchObject({
      quota: 5,
      studyDaysLeft: 1,
    });
  });
});
