import { PEER_STATS_MIN_LEARNERS, type HistoryCreated } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildQuestion, buildUser, type TestUser } from '../../../test/factories';

const { app, database } = await setupTestApp({ FREE_QUESTIONS_PER_COURSE: '1000' });
const db = database.db;

const answer = (user: TestUser, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/question_answer_history/',
    headers: user.headers,
    payload: { mode: 'exam', ...payload },
  });
const others = (user: TestUser | null, ids: string) =>
  app.inject({
    method: 'GET',
    url: `/api/question_stats/others/?ids=${ids}`,
    headers: user?.headers ?? {},
  });

describe('GET /api/question_stats/others/ (an exam review)', () => {
  it('never counts the caller, and publishes nothing under the minimum of OTHER learners', async () => {
    const q = await buildQuestion(db);
    const [a, b] = q.choices;
    // The caller and 9 others: 5 pick A (right, 5 s), 5 pick B (20 s); the caller picks A.
    const learners: TestUser[] = [];
    for (let i = 0; i < PEER_STATS_MIN_LEARNERS; i++) {
      const learner = await buildUser(db);
      learners.push(learner);
      const right = i < 5;
      const res = await answer(learner, {
        question: q.id,
        choices: [right ? a!.id : b!.id],
        time_spent_ms: right ? 5_000 : 20_000,
      });
      expect(res.statusCode).toBe(201);
    }
    const caller = learners[0]!;
    // Ten learners answered, but only nine others: the caller's own answer would be a tenth.
    expect((await others(caller, String(q.id))).json()).toEqual([
      { question: q.id, others: 9, share_right: null, median_time_ms: null, choices: [] },
    ]);

    const late = await buildUser(db);
    await answer(late, { question: q.id, choices: [b!.id], time_spent_ms: 20_000 });
    // Others: 4 right on A at 5 s, 6 on B at 20 s; the median's two middles are 20 s answers.
    expect((await others(caller, String(q.id))).json()).toEqual([
      {
        question: q.id,
        others: 10,
        share_right: 0.4,
        median_time_ms: 20_500,
        choices: [
          { id: a!.id, letter: 'A', picked: 4, share: 0.4 },
          { id: b!.id, letter: 'B', picked: 6, share: 0.6 },
          { id: q.choices[2]!.id, letter: 'C', picked: 0, share: 0 },
          { id: q.choices[3]!.id, letter: 'D', picked: 0, share: 0 },
        ],
      },
    ]);
    // The late learner's others are the first ten: 5 and 5, median between the 5 s and 20 s buckets.
    expect((await others(late, String(q.id))).json()).toEqual([
      expect.objectContaining({ others: 10, share_right: 0.5, median_time_ms: 13_000 }),
    ]);
    // A second answer of the caller changes nothing: the figures hold their first one.
    await answer(caller, { question: q.id, choices: [b!.id], time_spent_ms: 90_000 });
    expect((await others(caller, String(q.id))).json()).toEqual([
      expect.objectContaining({ others: 10, share_right: 0.4, median_time_ms: 20_500 }),
    ]);
  });

  it('leaves out questions the caller has not answered, unknown ids; 400 and 401', async () => {
    const { headers, user } = await buildUser(db);
    const caller = { headers, user } as TestUser;
    const answered = await buildQuestion(db);
    const untouched = await buildQuestion(db);
    await answer(caller, { question: answered.id, choices: [], counted: false });
    // An uncounted answer is not in the figures: nothing to take out.
    expect((await others(caller, `${answered.id},${untouched.id},999999`)).json()).toEqual([
      { question: answered.id, others: 0, share_right: null, median_time_ms: null, choices: [] },
    ]);
    const bad = await others(caller, 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ ids: ['Enter a comma-separated list of at most 200 ids.'] });
    expect((await others(null, '1')).statusCode).toBe(401);
  });
});

describe('choice_order on POST /api/question_answer_history/', () => {
  it('keeps the order the choices were shown in, and refuses one that is not a permutation', async () => {
    const learner = await buildUser(db);
    const q = await buildQuestion(db);
    const shown = [...q.choices].reverse().map((c) => c.id);
    const saved = await answer(learner, {
      question: q.id,
      choices: [q.choices[0]!.id],
      choice_order: shown,
    });
    expect(saved.statusCode).toBe(201);
    expect((saved.json() as HistoryCreated).choice_order).toEqual(shown);
    const plain = await answer(learner, { question: q.id, choices: [] });
    expect((plain.json() as HistoryCreated).choice_order).toBeNull();

    for (const order of [shown.slice(1), [...shown.slice(1), shown[1]], [...shown, 999999]]) {
      const refused = await answer(learner, { question: q.id, choices: [], choice_order: order });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        choice_order: ['Give every choice of the question once.'],
      });
    }
  });
});
