import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestApp, apiCaller, restoreClockAfterEach } from '../../../test/helper';
import {
  buildCourse,
  buildModule,
  buildQuestion,
  buildSource,
  buildUser,
  subscribe,
} from '../../../test/factories';
import { paperAnswers, paperAttempts, questionAnswerHistory } from '../../db/schema/index';
import { clock } from '../../lib/clock';
import { sweepOverdue } from './papers.service';

const { app, database } = await setupTestApp();
const db = database.db;
restoreClockAfterEach();

const call = apiCaller(app);

const MINUTE = 60_000;

/**
 * A past paper of 10 questions over two courses (5 each), built in reverse so that the
 * original order (staff's order) differs from the insertion order; the 10th is a qcm (A and B
 * right) so the paper's partial rule shows. Time limit set by staff through the API.
 */
async function paper(timeLimit = 90) {
  const module = await buildModule(db);
  const [courseA, courseB] = [
    await buildCourse(db, { moduleId: module.id }),
    await buildCourse(db, { moduleId: module.id }),
  ];
  const source = await buildSource(db, { moduleId: module.id });
  const questions = [];
  for (let i = 9; i >= 0; i--) {
    const qcm = i === 9;
    questions.unshift(
      await buildQuestion(db, {
        courseId: i < 5 ? courseA.id : courseB.id,
        sourceId: source.id,
        order: i,
        ...(qcm
          ? {
              choiceList: [
                { text: 'A', isCorrect: true },
                { text: 'B', isCorrect: true },
                { text: 'C', isCorrect: false },
                { text: 'D', isCorrect: false },
              ],
            }
          : {}),
      }),
    );
  }
  const staff = await buildUser(db, { isStaff: true });
  const set = await call(staff, 'PATCH', `staff/sources/${source.id}/`, {
    time_limit_minutes: timeLimit,
    scoring: 'partial',
  });
  expect(set.statusCode).toBe(204);
  return { module, courseA, courseB, source, questions };
}

async function learnerOf(moduleId: number) {
  const learner = await buildUser(db);
  await subscribe(db, learner.user.id, { moduleIds: [moduleId] });
  return learner;
}

type Q = { id: number; choices: { id: number }[] };
const right = (q: Q) => [q.choices[0]!.id];
const wrong = (q: Q) => [q.choices[2]!.id];

describe('staff set a time limit per source', () => {
  it('makes the source a past paper; bad values are 400; learners get 403', async () => {
    const { source, module } = await paper(120);
    const staff = await buildUser(db, { isStaff: true });
    const catalogue = await call(staff, 'GET', 'staff/catalogue/');
    const listed = catalogue
      .json()
      .flatMap((m: { sources: unknown[] }) => m.sources)
      .find((s: { id: number }) => s.id === source.id);
    expect(listed).toMatchObject({ time_limit_minutes: 120, scoring: 'partial' });

    const zero = await call(staff, 'PATCH', `staff/sources/${source.id}/`, {
      time_limit_minutes: 0,
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toHaveProperty('time_limit_minutes');
    const learner = await learnerOf(module.id);
    const denied = await call(learner, 'PATCH', `staff/sources/${source.id}/`, {
      time_limit_minutes: 5,
    });
    expect(denied.statusCode).toBe(403);

    const papers = await call(learner, 'GET', 'past_papers/');
    expect(papers.statusCode).toBe(200);
    expect(papers.json().find((p: { id: number }) => p.id === source.id)).toMatchObject({
      time_limit_minutes: 120,
      questions_count: 10,
      is_locked: false,
      takers: 0,
      attempts: [],
    });
  });

  it('refuses to start a source without a time limit (400), a locked module (403)', async () => {
    const plain = await buildSource(db);
    await buildQuestion(db, { sourceId: plain.id });
    const learner = await learnerOf(plain.moduleId);
    const res = await call(learner, 'POST', `past_papers/${plain.id}/attempts/`);
    expect(res.statusCode).toBe(400);
    const { source } = await paper();
    const outsider = await buildUser(db);
    expect((await call(outsider, 'POST', `past_papers/${source.id}/attempts/`)).statusCode).toBe(
      403,
    );
    expect((await call(outsider, 'POST', 'past_papers/999999/attempts/')).statusCode).toBe(404);
  });
});

describe('a learner sits a past paper as it was', () => {
  it('in the original order and time, resumable, scored with the paper’s rule', async () => {
    const { module, source, questions } = await paper(90);
    const learner = await learnerOf(module.id);
    const start = await call(learner, 'POST', `past_papers/${source.id}/attempts/`);
    expect(start.statusCode).toBe(201);
    const attempt = start.json();
    expect(attempt.questions.map((q: { id: number }) => q.id)).toEqual(questions.map((q) => q.id));
    expect(attempt.questions.every((q: { correction: unknown }) => q.correction === null)).toBe(
      true,
    );
    expect(attempt).toMatchObject({ is_ranked: true, time_limit_minutes: 90, submitted_at: null });
    expect(Date.parse(attempt.deadline) - Date.parse(attempt.started_at)).toBe(90 * MINUTE);
    expect(attempt.seconds_left).toBeGreaterThan(89 * 60);

    const put = (question: number, choices: number[]) =>
      call(learner, 'PUT', `paper_attempts/${attempt.id}/answers/`, { question, choices });
    expect((await put(questions[0]!.id, wrong(questions[0]!))).statusCode).toBe(200);
    // Changing one's mind replaces the answer.
    expect((await put(questions[0]!.id, right(questions[0]!))).statusCode).toBe(200);
    // The qcm with one discordance (A ticked, B not): 0.5 under the partial rule.
    expect((await put(questions[9]!.id, [questions[9]!.choices[0]!.id])).statusCode).toBe(200);
    const foreign = await put(questions[1]!.id, [questions[2]!.choices[0]!.id]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toHaveProperty('choices');
    const elsewhere = await buildQuestion(db);
    expect((await put(elsewhere.id, right(elsewhere))).statusCode).toBe(400);

    // A reload resumes the same sitting with its answers; another learner sees nothing.
    const again = await call(learner, 'POST', `past_papers/${source.id}/attempts/`);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(attempt.id);
    expect(again.json().answers).toHaveLength(2);
    const other = await learnerOf(module.id);
    expect((await call(other, 'GET', `paper_attempts/${attempt.id}/`)).statusCode).toBe(404);
    expect(
      (
        await call(other, 'PUT', `paper_attempts/${attempt.id}/answers/`, {
          question: questions[0]!.id,
          choices: [],
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(learner, 'GET', `paper_attempts/${attempt.id}/result/`)).statusCode).toBe(
      400,
    );

    const submit = await call(learner, 'POST', `paper_attempts/${attempt.id}/submit/`);
    expect(submit.statusCode).toBe(200);
    expect(submit.json()).toMatchObject({ id: attempt.id, seconds_left: 0 });
    expect(submit.json().submitted_at).not.toBeNull();
    const result = (await call(learner, 'GET', `paper_attempts/${attempt.id}/result/`)).json();
    expect(result.overall).toMatchObject({ score: 1.5, max_score: 10, rank: 1, takers: 1 });
    expect(result.review).toHaveLength(10);
    expect(result.review[9].correction).toMatchObject({ score: 0.5, is_correct: false });
    // The answers reach the learner's history as exam answers (the effects of decision 049).
    const logged = await db
      .select()
      .from(questionAnswerHistory)
      .where(eq(questionAnswerHistory.userId, learner.user.id));
    expect(logged.map((h) => h.mode).sort()).toEqual(['exam', 'exam']);
    // After submission an answer is refused.
    expect((await put(questions[1]!.id, right(questions[1]!))).statusCode).toBe(409);
  });
});

describe('the server’s clock decides', () => {
  it('refuses an answer after the deadline and submits the paper as it stood', async () => {
    const { module, source, questions } = await paper(30);
    const learner = await learnerOf(module.id);
    const attempt = (await call(learner, 'POST', `past_papers/${source.id}/attempts/`)).json();
    const put = (q: Q) =>
      call(learner, 'PUT', `paper_attempts/${attempt.id}/answers/`, {
        question: q.id,
        choices: right(q),
      });
    expect((await put(questions[0]!)).statusCode).toBe(200);
    const deadline = Date.parse(attempt.deadline);
    clock.now = () => new Date(deadline + 1000);
    const late = await put(questions[1]!);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: 'This paper was submitted: its time is over.' });
    const read = (await call(learner, 'GET', `paper_attempts/${attempt.id}/`)).json();
    expect(read).toMatchObject({ submitted_at: attempt.deadline, seconds_left: 0 });
    const result = (await call(learner, 'GET', `paper_attempts/${attempt.id}/result/`)).json();
    expect(result.overall.score).toBe(1);
  });

  it('submits sittings nobody reads when the sweep passes', async () => {
    const { module, source, questions } = await paper(10);
    const learner = await learnerOf(module.id);
    const attempt = (await call(learner, 'POST', `past_papers/${source.id}/attempts/`)).json();
    await call(learner, 'PUT', `paper_attempts/${attempt.id}/answers/`, {
      question: questions[0]!.id,
      choices: right(questions[0]!),
    });
    clock.now = () => new Date(Date.parse(attempt.deadline) + MINUTE);
    expect(await sweepOverdue(app)).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(paperAttempts).where(eq(paperAttempts.id, attempt.id));
    expect(row).toMatchObject({ score: 1, submittedAt: new Date(attempt.deadline) });
    expect(await sweepOverdue(app)).toBe(0);
  });
});

describe('the ranking, on a generated population with known scores', () => {
  /**
   * 100 takers; taker i answers the first k = i % 11 questions right and nothing else, so
   * 10 takers scored 0 and 9 scored each of 1…10.
   */
  async function population(sourceId: number, questions: Q[]) {
    for (let i = 0; i < 100; i++) {
      const taker = await buildUser(db);
      const k = i % 11;
      const [row] = await db
        .insert(paperAttempts)
        .values({
          userId: taker.user.id,
          sourceId,
          questionIds: questions.map((q) => q.id),
          scoring: 'partial',
          timeLimitMinutes: 90,
          startedAt: new Date(Date.now() - 2 * 60 * MINUTE),
          deadline: new Date(Date.now() - 30 * MINUTE),
          submittedAt: new Date(Date.now() - 40 * MINUTE),
          isRanked: true,
          score: k,
        })
        .returning();
      if (k)
        await db.insert(paperAnswers).values(
          questions.slice(0, k).map((q) => ({
            attemptId: row!.id,
            questionId: q.id,
            choices: q.id === questions[9]!.id ? [q.choices[0]!.id, q.choices[1]!.id] : right(q),
            score: 1,
          })),
        );
    }
  }

  it('ranks the first attempt, per module and course; later attempts are practice', async () => {
    const { module, source, questions, courseA, courseB } = await paper();
    await population(source.id, questions);
    const learner = await learnerOf(module.id);

    // 7 right (questions 1–7), 3 wrong: a score of 7 among 101 ranked takers.
    const sit = async (rightCount: number) => {
      const attempt = (await call(learner, 'POST', `past_papers/${source.id}/attempts/`)).json();
      for (const [i, q] of questions.entries()) {
        const choices =
          i < rightCount ? (i === 9 ? [q.choices[0]!.id, q.choices[1]!.id] : right(q)) : wrong(q);
        const res = await call(learner, 'PUT', `paper_attempts/${attempt.id}/answers/`, {
          question: q.id,
          choices,
        });
        expect(res.statusCode).toBe(200);
      }
      await call(learner, 'POST', `paper_attempts/${attempt.id}/submit/`);
      return (await call(learner, 'GET', `paper_attempts/${attempt.id}/result/`)).json();
    };
    const first = await sit(7);
    expect(first.is_ranked).toBe(true);
    // 27 takers scored 8–10 → rank 28; 64 scored 0–6 → 64/101 = 63.4 %.
    expect(first.overall).toEqual({
      score: 7,
      max_score: 10,
      rank: 28,
      percentile: 63.4,
      takers: 101,
      mean: expect.any(Number),
    });
    expect(first.distribution.map((b: { count: number }) => b.count)).toEqual([
      10, 9, 9, 9, 9, 9, 9, 10, 9, 18,
    ]);
    const course = (id: number) => first.courses.find((c: { id: number }) => c.id === id);
    // Course A (questions 1–5): full marks, nobody higher; 46 takers had fewer than 5.
    expect(course(courseA.id)).toMatchObject({ score: 5, rank: 1, percentile: 45.5 });
    // Course B (questions 6–10): 2 points; 27 takers had 3–5, 64 had 0–1.
    expect(course(courseB.id)).toMatchObject({ score: 2, rank: 28, percentile: 63.4 });
    expect(first.modules).toEqual([
      expect.objectContaining({ id: module.id, score: 7, rank: 28, percentile: 63.4 }),
    ]);
    // The share of takers per choice: question 1 was ticked right by 90 takers + the learner.
    const q1 = first.review[0];
    expect(q1.choices).toEqual(right(questions[0]!));
    expect(q1.choice_shares[0]).toEqual({ choice: questions[0]!.choices[0]!.id, share: 0.901 });
    expect(q1.correction.correct_choices).toEqual(right(questions[0]!));

    // A later perfect attempt is practice: shown, never ranked, the population unchanged.
    const second = await sit(10);
    expect(second.is_ranked).toBe(false);
    expect(second.overall).toMatchObject({ score: 10, rank: null, percentile: null, takers: 101 });
    const firstAgain = (
      await call(learner, 'GET', `paper_attempts/${first.attempt}/result/`)
    ).json();
    expect(firstAgain.overall).toMatchObject({ rank: 28, percentile: 63.4, takers: 101 });
    const listed = (await call(learner, 'GET', 'past_papers/'))
      .json()
      .find((p: { id: number }) => p.id === source.id);
    expect(listed.takers).toBe(101);
    expect(
      listed.attempts.map((a: { is_ranked: boolean; score: number }) => [a.is_ranked, a.score]),
    ).toEqual([
      [true, 7],
      [false, 10],
    ]);
  });

  it('re-scores closed sittings and the ranking when staff correct a key', async () => {
    const { module, source, questions, courseA } = await paper();
    const [q] = questions;
    const sit = async (choices: number[]) => {
      const learner = await learnerOf(module.id);
      const attempt = (await call(learner, 'POST', `past_papers/${source.id}/attempts/`)).json();
      await call(learner, 'PUT', `paper_attempts/${attempt.id}/answers/`, {
        question: q!.id,
        choices,
      });
      await call(learner, 'POST', `paper_attempts/${attempt.id}/submit/`);
      const result = async () =>
        (await call(learner, 'GET', `paper_attempts/${attempt.id}/result/`)).json().overall;
      return { learner, result };
    };
    const keyed = await sit(right(q!));
    const other = await sit(wrong(q!));
    expect(await keyed.result()).toMatchObject({ score: 1, rank: 1 });
    expect(await other.result()).toMatchObject({ score: 0, rank: 2 });

    // Staff find the key wrong: the third choice is the right one.
    const staff = await buildUser(db, { isStaff: true });
    const saved = await call(staff, 'PUT', `staff/questions/${q!.id}/`, {
      course: courseA.id,
      source: source.id,
      type: 'qcs',
      stem: 'Corrected question?',
      explanation: 'The key was wrong.',
      choices: q!.choices.map((c, i) => ({ id: c.id, text: `Choice ${i}`, is_correct: i === 2 })),
    });
    expect(saved.statusCode).toBe(200);
    expect(await keyed.result()).toMatchObject({ score: 0, rank: 2 });
    expect(await other.result()).toMatchObject({ score: 1, rank: 1, percentile: 50 });
    const listed = (await call(other.learner, 'GET', 'past_papers/'))
      .json()
      .find((p: { id: number }) => p.id === source.id);
    expect(listed.attempts[0].score).toBe(1);
  });
});
