import { PEER_STATS_MIN_LEARNERS } from '@qbank/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import {
  buildCourse,
  buildPlaylist,
  buildQuestion,
  buildUser,
  favorite,
  hide,
  note,
  type TestUser,
} from '../../../test/factories';
import { writeHistory } from './stats.fixtures';
import { bucketOf, difficultyOf, histogramMedian } from '../answers/effects/measures';
import { rebuildAll } from '../answers/index';

const { app, database } = await setupTestApp({ FREE_QUESTIONS_PER_COURSE: '1000' });
const db = database.db;

const answer = (user: TestUser, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/question_answer_history/',
    headers: user.headers,
    payload: { mode: 'study', ...payload },
  });
const stats = (user: TestUser | null, id: number) =>
  app.inject({ method: 'GET', url: `/api/questns/${id}/stats/`, headers: user?.headers ?? {} });

describe('peer measures', () => {
  it('buckets times, reads medians from the histogram and grades difficulty', () => {
    expect(
      [0, 999, 1000, 119_999, 120_000, 129_999, 130_000, 599_999, 600_000, 9e6].map(bucketOf),
    ).toEqual([0, 0, 1, 119, 120, 120, 121, 167, 168, 168]);
    expect(histogramMedian({})).toBeNull();
    expect(histogramMedian({ 5: 1, 12: 2 })).toBe(12_500);
    // Two middles in different buckets: their mean.
    expect(histogramMedian({ 5: 1, 12: 1 })).toBe(9_000);
    expect(histogramMedian({ 120: 3 })).toBe(125_000);
    expect(difficultyOf(29, 0)).toBeNull();
    expect([30, 24, 23, 18, 17, 12, 11, 6, 5, 0].map((c) => difficultyOf(30, c))).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
  });
});

describe('GET /api/questns/{id}/stats/', () => {
  it('counts first counted answers: shares, median time, difficulty from 30 answers', async () => {
    const q = await buildQuestion(db);
    const [a, b, c] = q.choices;
    // 40 learners: 10 right (A, 5 s), 20 on B (12.3 s), 10 on C (40 s).
    const pattern = [
      ...Array.from({ length: 10 }, () => ({ choice: a!.id, ms: 5_000 })),
      ...Array.from({ length: 20 }, () => ({ choice: b!.id, ms: 12_300 })),
      ...Array.from({ length: 10 }, () => ({ choice: c!.id, ms: 40_000 })),
    ];
    const learners: TestUser[] = [];
    for (const [i, p] of pattern.entries()) {
      const learner = await buildUser(db);
      learners.push(learner);
      const res = await answer(learner, {
        question: q.id,
        choices: [p.choice],
        time_spent_ms: p.ms,
      });
      expect(res.statusCode).toBe(201);
      if (i === 28) {
        const early = (await stats(learner, q.id)).json();
        expect(early).toMatchObject({ answers: 28, difficulty: null });
      }
    }
    // A second answer of the same learner and a "don't count" answer change nothing.
    expect((await answer(learners[39]!, { question: q.id, choices: [a!.id] })).statusCode).toBe(
      201,
    );
    const uncounted = await buildUser(db);
    const res = await answer(uncounted, { question: q.id, choices: [a!.id], counted: false });
    expect(res.json()).toMatchObject({ counted: false, is_correct: true });

    const expected = {
      question: q.id,
      answers: 40,
      share_right: 0.25,
      median_time_ms: 12_500,
      difficulty: 4,
      choices: [
        { id: a!.id, letter: 'A', picked: 10, share: 0.25 },
        { id: b!.id, letter: 'B', picked: 20, share: 0.5 },
        { id: c!.id, letter: 'C', picked: 10, share: 0.25 },
        { id: q.choices[3]!.id, letter: 'D', picked: 0, share: 0 },
      ],
    };
    // The uncounted learner answered (so sees the shares) but is in no figure: all 40 are others.
    const seen = await stats(uncounted, q.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual(expected);
    // The rebuild (the migration's backfill) reaches the same figures as the writes.
    await rebuildAll(db);
    expect((await stats(uncounted, q.id)).json()).toEqual(expected);

    // A learner who counted never counts themselves: 39 others, 9 of them right on A. The
    // difficulty stays the question's own (every learner's), the one its lists filter on.
    expect((await stats(learners[0]!, q.id)).json()).toEqual({
      ...expected,
      answers: 39,
      share_right: 0.231,
      choices: [
        { id: a!.id, letter: 'A', picked: 9, share: 0.231 },
        { id: b!.id, letter: 'B', picked: 20, share: 0.513 },
        { id: c!.id, letter: 'C', picked: 10, share: 0.256 },
        { id: q.choices[3]!.id, letter: 'D', picked: 0, share: 0 },
      ],
    });

    // Before answering, the choice shares stay hidden (they give the key away).
    const newcomer = await buildUser(db);
    expect((await stats(newcomer, q.id)).json()).toEqual({ ...expected, choices: [] });
  });

  it(`publishes no figure of a question before ${PEER_STATS_MIN_LEARNERS} OTHER learners answered it`, async () => {
    const q = await buildQuestion(db);
    const learners: TestUser[] = [];
    for (let i = 0; i <= PEER_STATS_MIN_LEARNERS; i++) learners.push(await buildUser(db));
    const hidden = {
      share_right: null,
      median_time_ms: null,
      difficulty: null,
      choices: [],
    };
    for (const [i, learner] of learners.entries()) {
      const choice = q.choices[i % 2]!.id;
      await answer(learner, { question: q.id, choices: [choice], time_spent_ms: 7_000 });
      if (i === 1) {
        // Two learners: each has answered, yet neither reads what the other chose.
        for (const reader of learners.slice(0, 2)) {
          expect((await stats(reader, q.id)).json()).toEqual({
            question: q.id,
            answers: 1,
            ...hidden,
          });
        }
      }
      if (i === PEER_STATS_MIN_LEARNERS - 1) {
        // Ten learners, but the reader plus nine others: still too few.
        expect((await stats(learners[0]!, q.id)).json()).toEqual({
          question: q.id,
          answers: PEER_STATS_MIN_LEARNERS - 1,
          ...hidden,
        });
      }
    }
    // Eleven learners: the first one's ten others, 5 on A (right) and 5 on B.
    expect((await stats(learners[0]!, q.id)).json()).toEqual({
      question: q.id,
      answers: PEER_STATS_MIN_LEARNERS,
      share_right: 0.5,
      median_time_ms: 7_500,
      difficulty: null,
      choices: q.choices.map((c, i) => ({
        id: c.id,
        letter: 'ABCD'[i],
        picked: i < 2 ? PEER_STATS_MIN_LEARNERS / 2 : 0,
        share: i < 2 ? 0.5 : 0,
      })),
    });
  });

  it('answers 401 anonymous, 404 for an unknown or unpublished question', async () => {
    const q = await buildQuestion(db);
    const hidden = await buildQuestion(db, { isPublished: false });
    const learner = await buildUser(db);
    expect((await stats(null, q.id)).statusCode).toBe(401);
    expect((await stats(learner, 2_000_000_000)).statusCode).toBe(404);
    expect((await stats(learner, hidden.id)).statusCode).toBe(404);
    expect((await stats(learner, q.id)).json()).toMatchObject({
      answers: 0,
      share_right: null,
      median_time_ms: null,
      difficulty: null,
      choices: [],
    });
  });
});

describe('difficulty filter and GET /api/question_stats/', () => {
  it('filters question lists, counts and exams by difficulty', async () => {
    const course = await buildCourse(db);
    const easy = await buildQuestion(db, { courseId: course.id, order: 1 });
    const hard = await buildQuestion(db, { courseId: course.id, order: 2 });
    const young = await buildQuestion(db, { courseId: course.id, order: 3 });
    const learners = await Promise.all(Array.from({ length: 30 }, () => buildUser(db)));
    const rows = learners.flatMap((l, i) => [
      // 27 of 30 right (90 %): difficulty 1; 3 of 30 right (10 %): difficulty 5.
      { userId: l.user.id, questionId: easy.id, choices: [easy.choices[0]!.id], isCorrect: i < 27 },
      { userId: l.user.id, questionId: hard.id, choices: [hard.choices[1]!.id], isCorrect: i < 3 },
      ...(i < 5
        ? [{ userId: l.user.id, questionId: young.id, choices: [], isCorrect: false }]
        : []),
    ]);
    await writeHistory(db, rows);
    const me = learners[0]!;
    const ids = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: me.headers });
      expect(res.statusCode).toBe(200);
      return (res.json() as { results: { id: number }[] }).results.map((q) => q.id);
    };
    expect(await ids(`/api/questns/?course=${course.id}&difficulty=5`)).toEqual([hard.id]);
    expect(await ids(`/api/questns/?course=${course.id}&difficulty=1,5`)).toEqual([
      easy.id,
      hard.id,
    ]);
    expect(await ids(`/api/questns/?course=${course.id}`)).toEqual([easy.id, hard.id, young.id]);
    expect(await ids(`/api/questions_exam/?courses=${course.id}&difficulty=1&count=10`)).toEqual([
      easy.id,
    ]);
    const types = await app.inject({
      method: 'GET',
      url: `/api/questnstypes/?course=${course.id}&difficulty=2,3,4`,
      headers: me.headers,
    });
    expect(types.json()).toMatchObject({ total: 0 });
    const bad = await app.inject({
      method: 'GET',
      url: `/api/questns/?course=${course.id}&difficulty=6`,
      headers: me.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      difficulty: ['Enter a comma-separated list of difficulties from 1 to 5.'],
    });

    const list = await app.inject({
      method: 'GET',
      url: `/api/question_stats/?ids=${young.id},${hard.id},${easy.id},2000000000`,
      headers: me.headers,
    });
    expect(list.json()).toEqual([
      { question: easy.id, answers: 30, difficulty: 1 },
      { question: hard.id, answers: 30, difficulty: 5 },
      { question: young.id, answers: 5, difficulty: null },
    ]);

    // The personal lists take the same filter, with the same rule and the same message.
    for (const q of [easy, hard, young]) {
      await favorite(db, me.user.id, q.id);
      await hide(db, me.user.id, q.id);
      await note(db, me.user.id, q.id);
    }
    const playlist = await buildPlaylist(db, me.user.id, [young.id, hard.id, easy.id]);
    for (const list of ['favorites_questions_list', 'hides_questions_list', 'noted_questions']) {
      expect(await ids(`/api/${list}/?difficulty=5`)).toEqual([hard.id]);
      expect((await ids(`/api/${list}/?difficulty=1,5`)).sort((x, y) => x - y)).toEqual([
        easy.id,
        hard.id,
      ]);
    }
    expect(await ids(`/api/playlist_questions/?playlist=${playlist.id}&difficulty=1,5`)).toEqual([
      hard.id,
      easy.id,
    ]);
    const notes = await app.inject({
      method: 'GET',
      url: '/api/noteitemsdetail/?difficulty=1',
      headers: me.headers,
    });
    expect(notes.json().results.map((n: { question: number }) => n.question)).toEqual([easy.id]);
    for (const url of [
      'favorites_questions_list/?difficulty=0',
      'hides_questions_list/?difficulty=easy',
      'noted_questions/?difficulty=6',
      `playlist_questions/?playlist=${playlist.id}&difficulty=1;2`,
      'noteitems/?difficulty=1,9',
    ]) {
      const refused = await app.inject({ method: 'GET', url: `/api/${url}`, headers: me.headers });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json()).toEqual(bad.json());
    }
  });

  it('answers 401 anonymous and 400 on bad ids', async () => {
    const me = await buildUser(db);
    const get = (query: string, user: TestUser | null = me) =>
      app.inject({
        method: 'GET',
        url: `/api/question_stats/${query}`,
        headers: user?.headers ?? {},
      });
    expect((await get('?ids=1', null)).statusCode).toBe(401);
    expect((await get('')).json()).toEqual({ ids: ['This field is required.'] });
    expect((await get('?ids=a,b')).statusCode).toBe(400);
    expect((await get('?ids=0')).statusCode).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await get(`?ids=${tooMany}`)).statusCode).toBe(400);
  });
});
