import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildCourse, buildQuestion, buildUser, type TestUser } from '../../../test/factories';
import { definedCaches } from '../../lib/cache';
import { busFor } from '../../lib/invalidation';
import { grade, loadQuestion, logAnswer, logAnswers } from './record';
import type { CardContext } from '../cards/review-log.repository';

// Answers sent together are written in batches (group commit, decision 042): these tests send
// many at once and check every row each answer owns, as if each had been written alone.
const { app, database } = await setupTestApp();
const db = database.db;

const call = (user: TestUser, url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/${url}`, headers: user.headers, payload });

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function bank(questionCount: number, learnerCount: number) {
  const course = await buildCourse(db);
  const questions = [];
  for (let i = 0; i < questionCount; i++)
    questions.push(await buildQuestion(db, { courseId: course.id }));
  const learners = [];
  for (let i = 0; i < learnerCount; i++) learners.push(await buildUser(db));
  return { course, questions, learners };
}

const userIds = (learners: TestUser[]) => sql.raw(learners.map((l) => l.user.id).join(','));

describe('answers arriving together', () => {
  it('records each one fully: history, session row, card, shelf and statistics', async () => {
    const { course, questions, learners } = await bank(3, 8);
    const sessions = await Promise.all(
      learners.map(async (l) => (await call(l, 'sessions/', { course_id: course.id })).json().id),
    );
    // Every learner answers every question at once: half in their session, half in the history.
    const sent = await Promise.all(
      learners.flatMap((learner, i) =>
        questions.map((q, j) =>
          (i + j) % 2
            ? call(learner, 'session_questions/', {
                session: sessions[i],
                question: q.id,
                choices: [q.choices[(i + j) % 2]!.id],
              })
            : call(learner, 'question_answer_history/', {
                question: q.id,
                choices: [q.choices[(i + j) % 2]!.id],
                mode: 'study',
                time_spent_ms: 5000,
              }),
        ),
      ),
    );
    expect(sent.map((r) => r.statusCode)).toEqual(Array(24).fill(201));
    const ids = userIds(learners);

    const perLearner = await rows<{ user_id: number; history: number; cards: number }>(sql`
      select u.id as user_id,
        (select count(*)::int from question_answer_history h where h.user_id = u.id) as history,
        (select count(*)::int from question_evaluations e where e.user_id = u.id and e.reps = 1)
          as cards
      from users u where u.id in (${ids}) order by u.id`);
    expect(perLearner.map((r) => [r.history, r.cards])).toEqual(Array(8).fill([3, 3]));

    const [counts] = await rows<{ saved: number; logs: number; streaks: number }>(sql`
      select (select count(*)::int from session_questions where user_id in (${ids})) as saved,
        (select count(*)::int from review_logs where user_id in (${ids})) as logs,
        (select count(*)::int from question_streaks where user_id in (${ids})) as streaks`);
    expect(counts).toEqual({ saved: 12, logs: 24, streaks: 24 });

    const byCourse = await rows<{ answers: number; questions: number }>(sql`
      select answers, questions from user_course_stats
      where user_id in (${ids}) and course_id = ${course.id}`);
    expect(byCourse).toEqual(Array(8).fill({ answers: 3, questions: 3 }));

    // The first choice is right, and learner i ticks it on question j when i + j is even.
    const peers = await rows<{ question_id: number; answers: number; correct: number }>(sql`
      select question_id, answers, correct from question_stats
      where question_id in (${sql.raw(questions.map((q) => q.id).join(','))})
      order by question_id`);
    expect(peers).toEqual(questions.map((q) => ({ question_id: q.id, answers: 8, correct: 4 })));
    const picks = await rows<{ picked: number }>(sql`
      select picked from question_choice_stats
      where question_id in (${sql.raw(questions.map((q) => q.id).join(','))})`);
    expect(picks.reduce((sum, r) => sum + r.picked, 0)).toBe(24);
    // Learners answering one question go in one batch: their counts add up, none is lost.
    const perChoice = await rows<{ choice_id: number; picked: number }>(sql`
      select choice_id, picked from question_choice_stats
      where question_id in (${sql.raw(questions.map((q) => q.id).join(','))})
      order by choice_id`);
    const firstTwo = questions
      .flatMap((q) => [q.choices[0]!.id, q.choices[1]!.id])
      .sort((a, b) => a - b);
    expect(perChoice).toEqual(firstTwo.map((id) => ({ choice_id: id, picked: 4 })));
    const timed = await rows<{ n: number }>(sql`
      select (select sum(value::int) from jsonb_each_text(time_hist))::int as n
      from question_stats where question_id in (${sql.raw(questions.map((q) => q.id).join(','))})`);
    expect(timed).toEqual(Array(3).fill({ n: 8 }));
  });

  it('writes learners answering one question together, in one statement', async () => {
    const { questions, learners } = await bank(1, 8);
    const question = await loadQuestion(db, questions[0]!.id);
    // All sent in one tick: the first goes alone, the seven that waited for it go together.
    const sent = await Promise.all(
      learners.map((learner, i) =>
        logAnswer(db, {
          userId: learner.user.id,
          question,
          graded: grade(question, [question.choices[i % 2]!.id], 'all_or_nothing'),
          timeSpentMs: 1000 * (i + 1),
          mode: 'study',
        }),
      ),
    );
    // One statement, one now(): two batches leave two instants.
    expect(new Set(sent.map((a) => a.createdAt.getTime())).size).toBe(2);
    const [peer] = await rows<{ answers: number; correct: number; timed: number }>(sql`
      select answers, correct,
        (select sum(value::int) from jsonb_each_text(time_hist))::int as timed
      from question_stats where question_id = ${question.id}`);
    expect(peer).toEqual({ answers: 8, correct: 4, timed: 8 });
    const picks = await rows<{ choice_id: number; picked: number }>(sql`
      select choice_id, picked from question_choice_stats where question_id = ${question.id}
      order by choice_id`);
    expect(picks).toEqual(
      question.choices.slice(0, 2).map((c) => ({ choice_id: c.id, picked: 4 })),
    );
  });

  it('writes one learner’s answers to one question one after the other', async () => {
    const { course, questions, learners } = await bank(1, 4);
    const [q] = questions;
    const sent = await Promise.all(
      learners.flatMap((learner) =>
        [0, 1, 2].map(() =>
          call(learner, 'question_answer_history/', {
            question: q!.id,
            choices: [q!.choices[0]!.id],
            mode: 'study',
            time_spent_ms: 5000,
          }),
        ),
      ),
    );
    expect(sent.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const ids = userIds(learners);
    const cards = await rows<{ reps: number }>(sql`
      select reps from question_evaluations where user_id in (${ids})`);
    expect(cards).toEqual(Array(4).fill({ reps: 3 }));
    const streaks = await rows<{ streak: number }>(sql`
      select streak from question_streaks where user_id in (${ids})`);
    expect(streaks).toEqual(Array(4).fill({ streak: 3 }));
    const byCourse = await rows<{ answers: number; questions: number }>(sql`
      select answers, questions from user_course_stats
      where user_id in (${ids}) and course_id = ${course.id}`);
    expect(byCourse).toEqual(Array(4).fill({ answers: 3, questions: 1 }));
    const [peer] = await rows<{ answers: number }>(sql`
      select answers from question_stats where question_id = ${q!.id}`);
    expect(peer).toEqual({ answers: 4 });
  });

  it('writes a learner’s sitting in one statement, beside other learners’ answers', async () => {
    const { course, questions, learners } = await bank(5, 3);
    const loaded = await Promise.all(questions.map((q) => loadQuestion(db, q.id)));
    const sitting = (learner: TestUser) =>
      logAnswers(
        db,
        loaded.map((question, j) => ({
          userId: learner.user.id,
          question,
          // The first choice is right: right on even questions.
          graded: grade(question, [question.choices[j % 2]!.id], 'all_or_nothing'),
          timeSpentMs: 0,
          mode: 'exam' as const,
        })),
      );
    await Promise.all([
      sitting(learners[0]!),
      sitting(learners[1]!),
      logAnswer(db, {
        userId: learners[2]!.user.id,
        question: loaded[0]!,
        graded: grade(loaded[0]!, [loaded[0]!.choices[0]!.id], 'all_or_nothing'),
        timeSpentMs: 0,
        mode: 'study',
      }),
    ]);
    const two = sql.raw(`${learners[0]!.user.id}, ${learners[1]!.user.id}`);
    // One statement per sitting: every answer of a sitting shares its instant.
    const instants = await rows<{ user_id: number; n: number }>(sql`
      select user_id, count(distinct created_at)::int as n from question_answer_history
      where user_id in (${two}) group by user_id`);
    expect(instants.map((r) => r.n)).toEqual([1, 1]);
    const byCourse = await rows<{ answers: number; correct: number; questions: number }>(sql`
      select answers, correct, questions from user_course_stats
      where user_id in (${two}) and course_id = ${course.id}`);
    expect(byCourse).toEqual(Array(2).fill({ answers: 5, correct: 3, questions: 5 }));
    const [daily] = await rows<{ answers: number }>(sql`
      select sum(answers)::int as answers from user_daily_stats where user_id in (${two})`);
    expect(daily).toEqual({ answers: 10 });
    const [counts] = await rows<{ cards: number; logs: number; streaks: number }>(sql`
      select (select count(*)::int from question_evaluations where user_id in (${two})) as cards,
        (select count(*)::int from review_logs where user_id in (${two})) as logs,
        (select count(*)::int from question_streaks where user_id in (${two})) as streaks`);
    expect(counts).toEqual({ cards: 10, logs: 10, streaks: 10 });
    const [peer] = await rows<{ answers: number }>(sql`
      select answers from question_stats where question_id = ${questions[0]!.id}`);
    expect(peer).toEqual({ answers: 3 });
  });

  it('fails only the answer that cannot be written, not the others sent with it', async () => {
    const { questions, learners } = await bank(4, 4);
    const entry = async (learner: TestUser, i: number) => {
      const question = await loadQuestion(db, questions[i]!.id);
      const graded = grade(question, [question.choices[0]!.id], 'all_or_nothing');
      return {
        userId: learner.user.id,
        question,
        graded,
        timeSpentMs: 1000,
        mode: 'study' as const,
      };
    };
    const entries = await Promise.all(learners.map(entry));
    // The third answer names a session that does not exist (as if deleted meanwhile).
    const results = await Promise.allSettled(
      entries.map((e, i) =>
        logAnswer(
          db,
          e,
          i === 2 ? { sessionId: 2_000_000_000, answeredAt: new Date() } : undefined,
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const written = await rows<{ user_id: number }>(sql`
      select user_id from question_answer_history where user_id in (${userIds(learners)})
      order by user_id`);
    expect(written.map((r) => r.user_id)).toEqual(
      learners.filter((_, i) => i !== 2).map((l) => l.user.id),
    );
  });
});

describe('cards remembered from one answer to the next', () => {
  const study = (learner: TestUser, q: { id: number; choices: { id: number }[] }) =>
    call(learner, 'question_answer_history/', {
      question: q.id,
      choices: [q.choices[0]!.id],
      mode: 'study',
      time_spent_ms: 5000,
    });
  const card = async (learner: TestUser, questionId: number) =>
    (
      await rows<{ reps: number; version: string }>(sql`
        select reps, xmin::text as version from question_evaluations
        where user_id = ${learner.user.id} and question_id = ${questionId}`)
    )[0];
  const remembered = (learner: TestUser, questionId: number) =>
    definedCaches()
      .get('answer-cards')!
      .peek(db)
      ?.list()
      .find(([key]) => key === `${learner.user.id}:${questionId}`)?.[1] as CardContext | undefined;

  it('remembers the card an answer wrote, as stored, with its version', async () => {
    const { questions, learners } = await bank(1, 1);
    const [learner, q] = [learners[0]!, questions[0]!];
    expect((await study(learner, q)).statusCode).toBe(201);
    expect((await study(learner, q)).statusCode).toBe(201);
    const stored = await card(learner, q.id);
    expect(stored?.reps).toBe(2);
    expect(remembered(learner, q.id)).toMatchObject({
      cardId: q.id,
      caseIds: null,
      card: { reps: 2 },
      cardVersion: stored!.version,
    });
  });

  it('reschedules from the stored card when it changed behind the remembered one', async () => {
    const { questions, learners } = await bank(1, 1);
    const [learner, q] = [learners[0]!, questions[0]!];
    await study(learner, q);
    // Changed without any event (another instance whose notice was lost, a hand-made fix).
    await db.execute(sql`update question_evaluations set reps = 50
      where user_id = ${learner.user.id} and question_id = ${q.id}`);
    expect(remembered(learner, q.id)?.card?.reps).toBe(1);
    expect((await study(learner, q)).statusCode).toBe(201);
    expect((await card(learner, q.id))?.reps).toBe(51);
    const logs = await rows<{ reps: string | null }>(sql`
      select previous->>'reps' as reps from review_logs
      where user_id = ${learner.user.id} order by id`);
    expect(logs).toEqual([{ reps: null }, { reps: '50' }]);

    await db.execute(sql`delete from question_evaluations
      where user_id = ${learner.user.id} and question_id = ${q.id}`);
    expect((await study(learner, q)).statusCode).toBe(201);
    expect((await card(learner, q.id))?.reps).toBe(1);
  });

  it('keeps the cards of a learner’s two answers in flight at once (two tabs)', async () => {
    const { questions, learners } = await bank(2, 1);
    const [learner, [q1, q2]] = [learners[0]!, questions];
    for (const q of [q1!, q2!]) await study(learner, q);
    // With all they read cached, the second waits for the first's batch, and its own begins
    // before the first's reply is sent: on a PostgreSQL server the first's answer event comes
    // during it (PGlite writes the second before the event).
    const sent = await Promise.all([study(learner, q1!), study(learner, q2!)]);
    expect(sent.map((r) => r.statusCode)).toEqual([201, 201]);
    for (const q of [q1!, q2!]) {
      expect(remembered(learner, q.id)).toMatchObject({
        card: { reps: 2 },
        cardVersion: (await card(learner, q.id))!.version,
      });
    }
  });

  it('forgets a learner’s cards on their other writes and on another instance’s answer', async () => {
    const { questions, learners } = await bank(1, 1);
    const [learner, q] = [learners[0]!, questions[0]!];
    await study(learner, q);
    const bus = busFor(db);
    bus.apply({ kind: 'progress', userId: learner.user.id });
    expect(remembered(learner, q.id)).toBeDefined();
    bus.apply({ kind: 'progress', userId: learner.user.id, remote: true });
    expect(remembered(learner, q.id)).toBeUndefined();

    await study(learner, q);
    expect(remembered(learner, q.id)).toBeDefined();
    const settings = await app.inject({
      method: 'PATCH',
      url: '/api/review/settings/',
      headers: learner.headers,
      payload: { desired_retention: 0.95 },
    });
    expect(settings.statusCode).toBe(200);
    expect(remembered(learner, q.id)).toBeUndefined();
    await study(learner, q);
    expect(remembered(learner, q.id)?.settings?.desiredRetention).toBeCloseTo(0.95);
  });
});
