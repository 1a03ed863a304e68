import { eq, sql, type SQL } from 'drizzle-orm';
import type { MailList } from '@qbank/contract';
import type { Db } from '../../db/client';
import { examPlans, modules, users } from '../../db/schema/index';

export type PlanRow = typeof examPlans.$inferSelect;
export type PlanValues = Omit<typeof examPlans.$inferInsert, 'userId' | 'createdAt' | 'updatedAt'>;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function findPlan(db: Db, userId: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(examPlans).where(eq(examPlans.userId, userId));
  return row;
}

export async function upsertPlan(db: Db, userId: number, values: PlanValues) {
  await db
    .insert(examPlans)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: examPlans.userId, set: { ...values, updatedAt: sql`now()` } });
}

export async function deletePlan(db: Db, userId: number): Promise<boolean> {
  const gone = await db
    .delete(examPlans)
    .where(eq(examPlans.userId, userId))
    .returning({ id: examPlans.userId });
  return gone.length > 0;
}

export async function findUser(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function allModuleIds(db: Db): Promise<number[]> {
  return (await db.select({ id: modules.id }).from(modules).orderBy(modules.id)).map((r) => r.id);
}

/**
 * The plan's questions as a derived table `scope(id, course_order, course_id, q_order)`:
 * published questions of the modules, minus what the learner hid (a question, or its module,
 * course or source).
 */
function planScope(userId: number, moduleIds: number[]): SQL {
  return sql`(select q.id, c."order" as course_order, c.id as course_id, q."order" as q_order
    from questions q join courses c on c.id = q.course_id
    where q.is_published and c.module_id in (${sql.join(moduleIds, sql`, `)})
      and not exists (select 1 from hide_questions hq
        where hq.user_id = ${userId} and hq.question_id = q.id)
      and not exists (select 1 from hides h where h.user_id = ${userId}
        and (h.module_id = c.module_id or h.course_id = q.course_id or h.source_id = q.source_id))
  ) scope`;
}

const unanswered = (userId: number) => sql`not exists (select 1 from question_streaks s
  where s.user_id = ${userId} and s.question_id = scope.id)`;

/**
 * Questions of the plan never answered, and those first answered since `dayStart` (today's
 * new questions: answered today and never before).
 */
export async function planCounts(db: Db, userId: number, moduleIds: number[], dayStart: Date) {
  if (moduleIds.length === 0) return { remaining: 0, newToday: 0 };
  const since = dayStart.toISOString();
  const [row] = await rows<{ remaining: number; new_today: number }>(
    db,
    sql`select count(*) filter (where ${unanswered(userId)})::int as remaining,
      count(*) filter (where exists (select 1 from question_answer_history h
          where h.user_id = ${userId} and h.question_id = scope.id and h.created_at >= ${since})
        and not exists (select 1 from question_answer_history h
          where h.user_id = ${userId} and h.question_id = scope.id and h.created_at < ${since})
      )::int as new_today
    from ${planScope(userId, moduleIds)}`,
  );
  return { remaining: Number(row?.remaining ?? 0), newToday: Number(row?.new_today ?? 0) };
}

/** Unanswered questions of the plan in course and question order, at most `limit`. */
export async function unansweredIds(db: Db, userId: number, moduleIds: number[], limit: number) {
  if (moduleIds.length === 0 || limit <= 0) return [];
  const found = await rows<{ id: number }>(
    db,
    sql`select scope.id from ${planScope(userId, moduleIds)} where ${unanswered(userId)}
      order by scope.course_order, scope.course_id, scope.q_order, scope.id limit ${limit}`,
  );
  return found.map((r) => r.id);
}

/** The mailing list of the daily reminder (opt-in; its one-click unsubscribe is the list's). */
export const PLAN_REMINDER_LIST: MailList = 'plan_reminder';

/**
 * Claims today's reminder of every learner whose morning has come (their zone's hour ≥ `hour`)
 * and whose exam is still ahead: one UPDATE marks the learner's date, so with several sweeps
 * (or instances) at once each learner is claimed by exactly one of them.
 */
export async function claimReminders(db: Db, now: Date, hour: number) {
  const at = now.toISOString();
  const local = sql`(${at}::timestamptz at time zone coalesce(rs.time_zone, 'UTC'))`;
  return rows<{ user_id: number; email: string }>(
    db,
    sql`update exam_plans p set reminded_on = ${local}::date
      from users u left join review_settings rs on rs.user_id = u.id
      where u.id = p.user_id and u.is_active
        and exists (select 1 from mail_subscriptions ms
          where ms.user_id = p.user_id and ms.list = ${PLAN_REMINDER_LIST})
        and extract(hour from ${local}) >= ${hour}
        and p.exam_date > ${local}::date
        and (p.reminded_on is null or p.reminded_on < ${local}::date)
      returning p.user_id, u.email`,
  );
}
