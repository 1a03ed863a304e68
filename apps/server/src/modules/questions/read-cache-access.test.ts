import { termsOf } from '../subscriptions/subscriptions.repository';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plans, purchases } from '../../db/schema/index';
import { publishUserChange } from '../../lib/invalidation';
import { setupTestApp } from '../../../test/helper';
import { buildCourse, buildQuestion, buildUser } from '../../../test/factories';
import { subscribe } from '../../../test/factories';

/** Decision 029: cached subscription access follows approvals and purchase ends exactly. */

const { app, database } = await setupTestApp({ FREE_QUESTIONS_PER_COURSE: '1' });
const db = database.db;

async function courseOfTwo() {
  const learner = await buildUser(db);
  const course = await buildCourse(db);
  const free = await buildQuestion(db, { courseId: course.id, order: 1 });
  const paid = await buildQuestion(db, { courseId: course.id, order: 2 });
  const locks = async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/questns/?course=${course.id}`,
      headers: learner.headers,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().results as { id: number; is_locked: boolean }[]).map((q) => [
      q.id,
      q.is_locked,
    ]);
  };
  return { learner, course, free, paid, locks };
}

describe('cached access', () => {
  it('opens the questions on the next read once staff approve the purchase', async () => {
    const { learner, free, paid, locks } = await courseOfTwo();
    await subscribe(db, learner.user.id, { status: 'pending' });
    expect(await locks()).toEqual([
      [free.id, false],
      [paid.id, true],
    ]);
    const [pending] = await db
      .select({ id: purchases.id })
      .from(purchases)
      .where(eq(purchases.userId, learner.user.id));
    const staff = await buildUser(db, { isStaff: true });
    const res = await app.inject({
      method: 'POST',
      url: `/api/staff/purchases/${pending!.id}/approve/`,
      headers: staff.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(await locks()).toEqual([
      [free.id, false],
      [paid.id, false],
    ]);
  });

  it('locks the questions again when the purchase ends, without any write', async () => {
    const { learner, free, paid, locks } = await courseOfTwo();
    const [plan] = await db
      .insert(plans)
      .values({ name: 'Short', price: '1.00', currency: 'EUR', durationDays: 1, allModules: true })
      .returning();
    await db.insert(purchases).values({
      userId: learner.user.id,
      planId: plan!.id,
      ...termsOf(plan!, []),
      status: 'approved',
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 1_500),
    });
    await publishUserChange(db, learner.user.id);
    expect(await locks()).toEqual([
      [free.id, false],
      [paid.id, false],
    ]);
    await new Promise((r) => setTimeout(r, 1_600));
    expect(await locks()).toEqual([
      [free.id, false],
      [paid.id, true],
    ]);
  });
});
