import { staffQuestionInputSchema } from '@qbank/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { purchases, sessions } from '../db/schema/index';
import { updateQuestion } from '../modules/backoffice/question-admin.service';
import { getQuestionCards } from '../modules/questions/content-cache';
import { answerInHistory, startSession, subscribe } from '../../test/factories';
import { getPersonalState, getSubscriptionAccess } from '../modules/questions/personal-cache';
import { answerSession } from '../modules/sessions/answer-sessions';
import { catalogueSummary } from '../modules/stats/catalogue-summary';
import { grade, loadQuestion, logAnswer } from '../modules/answers/index';
import { approvePurchase } from '../modules/subscriptions/subscriptions.service';
import { buildCourse, buildQuestion, buildUser, type TestUser } from '../../test/factories';
import { setupTestApp } from '../../test/helper';
import { warmCaches } from '../startup';
import { definedCaches, ExpiringLru } from './cache';
import {
  InvalidationBus,
  publishContentChange,
  publishUserChange,
  type ReceivedInvalidation,
} from './invalidation';

/**
 * Decision 042: every write that changes cached data drops the matching cache entries. Walks
 * every write operation of the OpenAPI document: one without a line in WRITES fails.
 */

const { app, database, config } = await setupTestApp();
const db = database.db;
const FREE = config.freeQuestionsPerCourse;

/**
 * What each documented write does to the caches.
 * - caller: a signed-in user's own write; that user's entries are dropped (the write hook).
 * - progress: an answer (route config `invalidates: 'progress'`); the writer's personal state is
 *   dropped, their token lookup, subscription access and sessions stay (an answer changes none),
 *   and so do the review cards the answer's batch remembered.
 * - staff: a staff write; every cache is emptied (the write hook publishes `all`; services
 *   also publish precisely for the learners they touch, see the tests below).
 * - anonymous: no signed-in caller; the service publishes for the account it changes (tested
 *   below for sign-in) or changes nothing cached.
 * - nothing: a POST that only reads (route config `invalidates: 'nothing'`); every cache stays.
 */
type Effect = 'caller' | 'progress' | 'staff' | 'anonymous' | 'nothing';
const WRITES: Record<string, Effect> = {
  'post /api/auth/login/': 'anonymous',
  'post /api/auth/registration/': 'anonymous',
  'post /api/auth/resend_email_verification_code/': 'anonymous',
  'post /api/auth/google-signin/': 'anonymous',
  'post /api/auth/google-signup/': 'anonymous',
  'post /api/password-reset/request/': 'anonymous',
  'post /api/password-reset/verify_code/': 'anonymous',
  'post /api/password-reset/verify_email/': 'anonymous',
  'post /api/auth/verify_email/': 'caller',
  'post /api/auth/logout/': 'caller',
  'patch /api/auth/user/': 'caller',
  'delete /api/delete-account/': 'caller',
  'patch /api/noteitems/{id}/': 'caller',
  'delete /api/noteitems/{id}/': 'caller',
  'post /api/noteitemsdetail/': 'caller',
  'patch /api/noteitemsdetail/{id}/': 'caller',
  'post /api/attachmentsitem/': 'caller',
  'patch /api/attachmentsitem/{id}/': 'caller',
  'delete /api/attachmentsitem/{id}/': 'caller',
  'post /api/favorites/': 'caller',
  'delete /api/favorites/{id}/': 'caller',
  'post /api/hides/': 'caller',
  'delete /api/hides/{id}/': 'caller',
  'post /api/favorite_questions/': 'caller',
  'delete /api/favorite_questions/{id}/': 'caller',
  'post /api/hide_questions/': 'caller',
  'delete /api/hide_questions/{id}/': 'caller',
  'post /api/playlist/': 'caller',
  'patch /api/playlist/{id}/': 'caller',
  'delete /api/playlist/{id}/': 'caller',
  'post /api/playlistitems/': 'caller',
  'patch /api/playlistitems/': 'caller',
  'delete /api/playlistitems/{id}/': 'caller',
  'post /api/question_answer_history/': 'progress',
  'delete /api/question_answer_history/{id}/': 'caller',
  'post /api/question-evaluations/': 'caller',
  'delete /api/question-evaluations/{id}/': 'caller',
  'post /api/module_filters/': 'caller',
  'delete /api/module_filters/by-module/': 'caller',
  'patch /api/module_filters/{id}/': 'caller',
  'delete /api/module_filters/{id}/': 'caller',
  'post /api/course_filters/': 'caller',
  'patch /api/course_filters/{id}/': 'caller',
  'delete /api/course_filters/{id}/': 'caller',
  'post /api/sessions/': 'caller',
  'post /api/sessions/start-new-session/': 'caller',
  'post /api/sessions/clear-course-progress/': 'caller',
  'post /api/sessions/clear-module-progress/': 'caller',
  'delete /api/sessions/{id}/': 'caller',
  'delete /api/sessions/{id}/clear-questions/': 'caller',
  'post /api/session_questions/': 'progress',
  'post /api/past_papers/{id}/attempts/': 'caller',
  'put /api/paper_attempts/{id}/answers/': 'progress',
  'post /api/paper_attempts/{id}/submit/': 'progress',
  'post /api/mock_exams/{id}/attempts/': 'caller',
  'post /api/staff/mock_exams/': 'staff',
  'post /api/staff/mock_exams/eligible/': 'staff',
  'delete /api/session_questions/{id}/': 'caller',
  'delete /api/mysubscriptions/{id}/': 'caller',
  'patch /api/mysubscriptions/{id}/': 'caller',
  'post /api/buysubscription/': 'caller',
  'post /api/rports/': 'caller',
  'patch /api/rports/{id}/': 'caller',
  'post /api/rports/bulk_delete': 'caller',
  'post /api/comments/': 'caller',
  'patch /api/comments/': 'caller',
  'patch /api/comments/{id}/': 'caller',
  'delete /api/comments/{id}/': 'caller',
  'post /api/comments/{id}/increase_rank/': 'caller',
  'post /api/comments/{id}/decrease_rank/': 'caller',
  'delete /api/comments/{id}/remove_reaction/': 'caller',
  'post /api/comments_reply/': 'caller',
  'patch /api/comments_reply/': 'caller',
  'patch /api/comments_reply/{id}/': 'caller',
  'delete /api/comments_reply/{id}/': 'caller',
  'post /api/comments_reply/{id}/increase_rank/': 'caller',
  'post /api/comments_reply/{id}/decrease_rank/': 'caller',
  'delete /api/comments_reply/{id}/remove_reaction/': 'caller',
  'post /api/notifications/read_all/': 'caller',
  'post /api/notifications/{id}/read/': 'caller',
  'post /api/staff/purchases/{id}/approve/': 'staff',
  'post /api/staff/purchases/{id}/reject/': 'staff',
  'post /api/staff/plans/': 'staff',
  'patch /api/staff/plans/{id}/': 'staff',
  'patch /api/staff/reports/{id}/': 'staff',
  'patch /api/staff/users/{id}/': 'staff',
  'post /api/staff/comments/{id}/remove/': 'staff',
  'post /api/staff/replies/{id}/remove/': 'staff',
  'post /api/staff/modules/': 'staff',
  'post /api/staff/courses/': 'staff',
  'post /api/staff/sources/': 'staff',
  'patch /api/staff/modules/{id}/': 'staff',
  'post /api/staff/modules/reorder/': 'staff',
  'patch /api/staff/courses/{id}/': 'staff',
  'post /api/staff/courses/reorder/': 'staff',
  'patch /api/staff/sources/{id}/': 'staff',
  'post /api/staff/sources/reorder/': 'staff',
  'post /api/staff/questions/': 'staff',
  'put /api/staff/questions/{id}/': 'staff',
  'post /api/staff/questions/{id}/status/': 'staff',
  'post /api/staff/questions/{id}/versions/{number}/revert/': 'staff',
  'put /api/staff/settings/duplicates/': 'staff',
  'post /api/staff/questions/duplicates/': 'nothing',
  'put /api/mail_lists/{list}/': 'caller',
  'post /api/mail_lists/{list}/unsubscribe/': 'anonymous',
  'put /api/plan/': 'caller',
  'delete /api/plan/': 'caller',
  'post /api/plan/block/': 'caller',
  'post /api/staff/cases/': 'staff',
  'put /api/staff/cases/{id}/': 'staff',
  'post /api/staff/imports/': 'staff',
  'post /api/staff/media/': 'staff',
  // Issue 13: review settings and runs, a miss class on one's own answer.
  'patch /api/question_answer_history/{id}/': 'caller',
  'patch /api/review/settings/': 'caller',
  'post /api/review/runs/': 'caller',
  // The first staff account, made from the setup link: a new user, nothing of theirs cached.
  'post /api/staff-setup/': 'anonymous',
  'put /api/review/cards/{question}/suspended/': 'caller',
  'post /api/staff/backups/': 'staff',
};

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];

async function documentedWrites(): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: '/api/schema/' });
  const paths = res.json().paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => WRITE_METHODS.includes(method))
      .map((method) => `${method} ${path}`),
  );
}

const course = await buildCourse(db);
const question = await buildQuestion(db, { courseId: course.id });

/**
 * Fills every cache for `learner`: token lookup, personal state, access, a session to answer
 * in, the cards, and the review card an answer left.
 */
async function warm(learner: TestUser): Promise<void> {
  expect((await app.inject({ url: '/api/auth/user/', headers: learner.headers })).statusCode).toBe(
    200,
  );
  await getPersonalState(db, learner.user.id, course.id);
  await getSubscriptionAccess(db, learner.user.id);
  // Inserted without an event: the learner is new, and an event's echo (NOTIFY on a
  // PostgreSQL server) arriving after this function would drop what it warmed.
  const [session] = await db.insert(sessions).values({ userId: learner.user.id }).returning();
  await answerSession(db, learner.user.id, session!.id);
  await getQuestionCards(db, [question.id], FREE);
  // Through the service, not HTTP: no event (see above).
  const answerable = await loadQuestion(db, question.id);
  const graded = grade(answerable, [answerable.choices[0]!.id], 'all_or_nothing');
  const entry = { userId: learner.user.id, question: answerable, graded, timeSpentMs: 1000 };
  await logAnswer(db, { ...entry, mode: 'study' });
}

/** The entries each cache of personal data holds for `userId`, by cache name. */
function entriesOf(userId: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, cache] of definedCaches()) {
    const { userOf } = cache.definition;
    if (!userOf) continue;
    const list = cache.peek(db)?.list() ?? [];
    out[name] = list.filter(([k, v]) => userOf(k, v) === userId).length;
  }
  return out;
}

const allCachesEmpty = () =>
  Object.fromEntries([...definedCaches()].map(([name, c]) => [name, c.peek(db)?.size ?? 0]));
const zeros = (record: Record<string, number>) =>
  Object.fromEntries(Object.keys(record).map((k) => [k, 0]));

async function send(key: string, headers: Record<string, string>) {
  const [method, path] = key.split(' ') as [string, string];
  return app.inject({
    method: method.toUpperCase() as 'POST',
    url: path.replaceAll(/\{\w+\}/g, '999999'),
    headers,
    payload: {},
  });
}

describe('every documented write route', () => {
  it('has a cache effect in WRITES (a new write route must say what it invalidates)', async () => {
    const documented = await documentedWrites();
    expect(documented.filter((key) => !(key in WRITES))).toEqual([]);
    expect(Object.keys(WRITES).filter((key) => !documented.includes(key))).toEqual([]);
  });

  it("drops the writer's entries in every personal cache, and a staff write empties them all", async () => {
    const staff = await buildUser(db, { isStaff: true });
    for (const [key, effect] of Object.entries(WRITES)) {
      if (effect === 'anonymous') continue;
      const writer = effect === 'staff' || effect === 'nothing' ? staff : await buildUser(db);
      const bystander = await buildUser(db);
      await warm(writer);
      await warm(bystander);
      const before = entriesOf(bystander.user.id);
      expect(
        Object.values(before).every((n) => n > 0),
        key,
      ).toBe(true);
      const res = await send(key, writer.headers);
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(500);
      if (effect === 'caller') {
        const left = entriesOf(writer.user.id);
        expect(left, key).toEqual(zeros(left));
        expect(entriesOf(bystander.user.id), key).toEqual(before);
      } else if (effect === 'nothing') {
        expect(entriesOf(writer.user.id), key).not.toEqual(zeros(entriesOf(writer.user.id)));
        expect(entriesOf(bystander.user.id), key).toEqual(before);
      } else if (effect === 'progress') {
        expect(entriesOf(writer.user.id), key).toEqual({
          'token-users': 1,
          'personal-state': 0,
          'subscription-access': 1,
          'answer-sessions': 1,
          'answer-cards': 1,
        });
        expect(entriesOf(bystander.user.id), key).toEqual(before);
      } else {
        const sizes = allCachesEmpty();
        expect(sizes, key).toEqual(zeros(sizes));
      }
    }
  }, 120_000);
});

describe('writes outside the writer’s own request', () => {
  it('a purchase approval (staff, a webhook or a job) drops the learner’s access at once', async () => {
    const learner = await buildUser(db);
    const other = await buildUser(db);
    const admin = await buildUser(db, { isStaff: true });
    await subscribe(db, learner.user.id, { status: 'pending' });
    const [pending] = await db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, learner.user.id));
    await warm(learner);
    await warm(other);
    expect((await getSubscriptionAccess(db, learner.user.id)).all).toBe(false);
    // The service call itself, outside any HTTP request: no write hook runs.
    await approvePurchase(app, admin.user, pending!.id, {});
    expect(entriesOf(learner.user.id)['subscription-access']).toBe(0);
    expect(entriesOf(other.user.id)['subscription-access']).toBe(1);
    expect((await getSubscriptionAccess(db, learner.user.id)).all).toBe(true);
  });

  it('re-scoring after a key change drops the cached answers of every learner who answered', async () => {
    const q = await buildQuestion(db, { courseId: course.id });
    const answerer = await buildUser(db);
    const bystander = await buildUser(db);
    const admin = await buildUser(db, { isStaff: true });
    await startSession(db, answerer.user.id, course.id);
    const wrong = q.choices[1]!.id;
    await answerInHistory(db, answerer.user.id, q.id, { choices: [wrong], isCorrect: false });
    await warm(answerer);
    await warm(bystander);
    expect(
      (await getPersonalState(db, answerer.user.id, course.id)).history.get(q.id),
    ).toBeTruthy();
    const input = staffQuestionInputSchema.parse({
      course: course.id,
      type: 'qcs',
      stem: q.stem,
      choices: q.choices.map((c) => ({ id: c.id, text: c.text, is_correct: c.id === wrong })),
    });
    const saved = await updateQuestion({ db }, admin.user, q.id, input);
    expect(saved.rescored).toBe(1);
    expect(entriesOf(answerer.user.id)).toEqual(zeros(entriesOf(answerer.user.id)));
    // A bystander keeps their token and access; content caches start again for everyone.
    expect(entriesOf(bystander.user.id)['token-users']).toBe(1);
    expect(entriesOf(bystander.user.id)['subscription-access']).toBe(1);
    const state = await getPersonalState(db, answerer.user.id, course.id);
    expect(state.history.get(q.id)).toMatchObject({ score: 1 });
  });

  it('an anonymous sign-in that changes the account drops its cached token lookups', async () => {
    const learner = await buildUser(db);
    await warm(learner);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: learner.user.email, password: 'Correct-Horse-42' },
    });
    expect(res.statusCode).toBe(200);
    expect(entriesOf(learner.user.id)['token-users']).toBe(0);
  });
});

describe('notifications between instances', () => {
  it('skips its own coming back through LISTEN, and marks another instance’s as remote', () => {
    const bus = new InvalidationBus();
    const applied: ReceivedInvalidation[] = [];
    bus.subscribe((event) => applied.push(event));
    bus.receive(`${bus.origin} p:7`);
    expect(applied).toEqual([]);
    expect(bus.generation).toBe(0);
    bus.receive('another-instance p:7');
    bus.receive('u:8'); // untagged: another instance's
    expect(applied).toEqual([
      { kind: 'progress', userId: 7, remote: true },
      { kind: 'user', userId: 8, remote: true },
    ]);
    expect(bus.received).toBe(3);
  });
});

describe('a load that raced a write', () => {
  const cardCached = (id: number) => definedCaches().get('question-cards')!.peek(db)!.has(id);

  it("is kept when only another learner's data changed during it (a busy bank's answers)", async () => {
    const [reader, other] = [await buildUser(db), await buildUser(db)];
    const content = await buildQuestion(db, { courseId: course.id });
    const personal = getPersonalState(db, reader.user.id, course.id);
    const cards = getQuestionCards(db, [content.id], FREE);
    await publishUserChange(db, other.user.id);
    await Promise.all([personal, cards]);
    expect(entriesOf(reader.user.id)['personal-state']).toBe(1);
    expect(cardCached(content.id)).toBe(true);
  });

  it('is dropped when its own learner or the content changed during it', async () => {
    const reader = await buildUser(db);
    const personal = getPersonalState(db, reader.user.id, course.id);
    await publishUserChange(db, reader.user.id);
    await personal;
    expect(entriesOf(reader.user.id)['personal-state']).toBe(0);

    const content = await buildQuestion(db, { courseId: course.id });
    const cards = getQuestionCards(db, [content.id], FREE);
    const state = getPersonalState(db, reader.user.id, course.id);
    await publishContentChange(db, [999_999]);
    await Promise.all([cards, state]);
    expect(cardCached(content.id)).toBe(false);
    expect(entriesOf(reader.user.id)['personal-state']).toBe(0);
  });
});

describe('the catalogue summary (exam relevance, what next)', () => {
  it('is kept through answers, and dropped when content changes', async () => {
    const learner = await buildUser(db);
    const summary = await catalogueSummary(db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/question_answer_history/',
      headers: learner.headers,
      payload: { question: question.id, choices: [question.choices[0]!.id], mode: 'study' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await catalogueSummary(db)).toBe(summary);
    await publishContentChange(db, [question.id]);
    expect(await catalogueSummary(db)).not.toBe(summary);
  });

  it('is built when the server starts listening, before any request asks for it', async () => {
    await publishContentChange(db);
    const kept = () => definedCaches().get('catalogue-summary')!.peek(db)?.list().length;
    expect(kept()).toBe(0);
    warmCaches(app);
    for (let i = 0; i < 400 && !kept(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(kept()).toBe(1);
  });

  it('is built again in the background once four of its five minutes are gone', async () => {
    await publishContentChange(db);
    const summary = await catalogueSummary(db);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3.5 * 60_000);
      expect(await catalogueSummary(db)).toBe(summary); // young enough: no build
      vi.setSystemTime(Date.now() + 60_000);
      // The reader gets the one kept at once; the next ones, the new build when it lands.
      expect(await catalogueSummary(db)).toBe(summary);
      let rebuilt = summary;
      for (let i = 0; i < 400 && rebuilt === summary; i++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        rebuilt = await catalogueSummary(db);
      }
      expect(rebuilt).not.toBe(summary);
      expect(rebuilt.courses.get(question.courseId)?.total).toBe(
        summary.courses.get(question.courseId)?.total,
      );
      vi.setSystemTime(Date.now() + 60_000); // past the first one's expiry
      expect(await catalogueSummary(db)).toBe(rebuilt);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('loads of the same entries at once', () => {
  it('are one load, shared by the readers that missed them together', async () => {
    const reader = await buildUser(db);
    const [a, b] = await Promise.all([
      getPersonalState(db, reader.user.id, course.id),
      getPersonalState(db, reader.user.id, course.id),
    ]);
    expect(a).toBe(b);
    const [q1, q2, q3] = [1, 2, 3].map(() => buildQuestion(db, { courseId: course.id }));
    const ids = (await Promise.all([q1!, q2!, q3!])).map((q) => q.id);
    const [first, second] = await Promise.all([
      getQuestionCards(db, [ids[0]!, ids[1]!], FREE),
      getQuestionCards(db, [ids[1]!, ids[2]!], FREE),
    ]);
    expect(first.get(ids[1]!)).toBe(second.get(ids[1]!));
    expect([...first.keys(), ...second.keys()].sort()).toEqual(
      [ids[0], ids[1], ids[1], ids[2]].sort(),
    );
  });

  it('are not joined by a reader who comes after a write of that learner', async () => {
    const reader = await buildUser(db);
    const before = getPersonalState(db, reader.user.id, course.id);
    await publishUserChange(db, reader.user.id);
    const after = getPersonalState(db, reader.user.id, course.id);
    expect(await after).not.toBe(await before);
    // The load begun before the write is not kept; the one after it is.
    expect(await getPersonalState(db, reader.user.id, course.id)).toBe(await after);
  });
});

describe('the expiry backstop', () => {
  it('every cache has an entry bound and a finite lifetime', () => {
    expect(definedCaches().size).toBeGreaterThanOrEqual(5);
    for (const [name, cache] of definedCaches()) {
      expect(cache.definition.limit, name).toBeGreaterThan(0);
      expect(cache.definition.ttlMs, name).toBeLessThanOrEqual(10 * 60_000);
    }
  });

  it('keeps the entries being read and drops the least recently read past its bound', () => {
    const cache = new ExpiringLru<number, string>(4, 60_000);
    cache.set(0, 'hot');
    for (let key = 1; key <= 20; key++) {
      cache.set(key, 'cold');
      expect(cache.get(0)).toBe('hot');
      expect(cache.size).toBeLessThanOrEqual(4);
    }
    expect(cache.keys().sort((a, b) => a - b)).toEqual([0, 18, 19, 20]);
  });

  it("drops one user's entries, and only theirs, through evictions and replacements", () => {
    // Keys `user:course`, as the personal state's.
    const cache = new ExpiringLru<string, string>(4, 60_000, (key) => Number(key.split(':')[0]));
    cache.set('1:1', 'a');
    cache.set('1:2', 'b');
    cache.set('2:1', 'c');
    cache.set('2:2', 'd');
    cache.set('3:1', 'e'); // evicts 1:1
    cache.deleteUser(1);
    expect(cache.keys().sort()).toEqual(['2:1', '2:2', '3:1']);
    cache.set('1:3', 'f');
    cache.deleteUser(2);
    expect(cache.keys().sort()).toEqual(['1:3', '3:1']);
    cache.deleteUser(2);
    cache.delete('3:1');
    cache.deleteUser(3);
    expect(cache.keys()).toEqual(['1:3']);
    expect(() => new ExpiringLru<number, string>(2, 1_000).deleteUser(1)).toThrow();
  });

  it('an entry older than its lifetime is gone, as if dropped', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new ExpiringLru<number, string>(10, 1_000);
      cache.set(1, 'a');
      cache.set(2, 'b', Date.now() + 100);
      expect(cache.get(1)).toBe('a');
      vi.advanceTimersByTime(200);
      expect(cache.get(2)).toBeUndefined();
      expect(cache.get(1)).toBe('a');
      vi.advanceTimersByTime(1_000);
      expect(cache.get(1)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
