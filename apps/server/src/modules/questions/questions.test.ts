import { describe, expect, it } from 'vitest';
import { clinicalCases } from '../../db/schema/index';
import { setupTestApp } from '../../../test/helper';
import {
  buildCourse,
  buildModule,
  buildQuestion,
  buildSource,
  buildUser,
} from '../../../test/factories';
import {
  answerInHistory,
  answerInSession,
  buildPlaylist,
  favorite,
  filterCourse,
  hide,
  note,
  startSession,
} from '../../../test/factories';

const { app, database } = await setupTestApp({ FREE_QUESTIONS_PER_COURSE: '1000' });
const db = database.db;

const get = (url: string, headers?: { authorization: string }) =>
  app.inject({ method: 'GET', url, headers });
const ids = (body: { results: { id: number }[] }) => body.results.map((q) => q.id);

/** A course with `n` questions in order 1..n. */
async function courseWith(n: number, moduleId?: number) {
  const course = await buildCourse(db, moduleId ? { moduleId } : {});
  const list = [];
  for (let i = 1; i <= n; i++)
    list.push(await buildQuestion(db, { courseId: course.id, order: i }));
  return { course, questions: list };
}

describe('authentication', () => {
  it('answers 401 to anonymous callers on every route', async () => {
    for (const url of [
      '/api/questns/',
      '/api/questns/1/',
      '/api/questns/first-unanswered/?course=1',
      '/api/questions_exam/',
      '/api/questnstypes/',
      '/api/favorites_questions_list/',
      '/api/hides_questions_list/',
      '/api/noted_questions/',
      '/api/playlist_questions/?playlist=1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
  });
});

describe('GET /api/questns/', () => {
  it('serializes a question with its choices, source, case and the caller’s marks', async () => {
    const { user, headers } = await buildUser(db);
    const module = await buildModule(db);
    const course = await buildCourse(db, { moduleId: module.id });
    const source = await buildSource(db, { moduleId: module.id, name: 'Algiers 2019', year: 2019 });
    const [kase] = await db
      .insert(clinicalCases)
      .values({ courseId: course.id, vignette: 'A 54-year-old man…', images: ['cases/ecg.png'] })
      .returning();
    const first = await buildQuestion(db, {
      courseId: course.id,
      sourceId: source.id,
      clinicalCaseId: kase!.id,
      order: 1,
      year: 2019,
      tags: ['ecg'],
      images: ['questions/x.png'],
      explanation: 'Because.',
      choiceList: [
        { text: 'Aspirin', isCorrect: true },
        { text: 'Heparin', isCorrect: true },
        { text: 'Nothing', isCorrect: false },
      ],
    });
    const second = await buildQuestion(db, {
      courseId: course.id,
      clinicalCaseId: kase!.id,
      order: 2,
    });
    await favorite(db, user.id, first.id);
    await note(db, user.id, first.id);
    const playlist = await buildPlaylist(db, user.id, [first.id]);

    const res = await get(`/api/questns/?course=${course.id}`, headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.next).toBeNull();
    expect(body.previous).toBeNull();
    expect(body.results[0]).toEqual({
      id: first.id,
      type: 'qcm',
      stem: first.stem,
      course: course.id,
      module: module.id,
      source: { id: source.id, name: 'Algiers 2019', year: 2019 },
      year: 2019,
      tags: ['ecg'],
      images: ['/media/questions/x.png'],
      clinical_case: {
        id: kase!.id,
        vignette: 'A 54-year-old man…',
        images: ['/media/cases/ecg.png'],
      },
      case_order: 1,
      choices: first.choices.map((c, i) => ({ id: c.id, label: 'ABC'[i], text: c.text })),
      is_favorite: true,
      is_hidden: false,
      has_note: true,
      playlists: [playlist.id],
      last_answer: null,
      correction: null,
      is_locked: false,
    });
    expect(body.results[1]).toMatchObject({
      id: second.id,
      case_order: 2,
      is_favorite: false,
      playlists: [],
    });
  });

  it('shows the last answer and the correction once answered: session first, then history', async () => {
    const { user, headers } = await buildUser(db);
    const {
      course,
      questions: [q1, q2, q3],
    } = await courseWith(3);
    const session = await startSession(db, user.id, course.id);
    const [right, wrong] = [q1!.choices[0]!.id, q1!.choices[1]!.id];
    await answerInSession(db, session, q1!.id, { choices: [wrong], isCorrect: false });
    await answerInHistory(db, user.id, q2!.id, { choices: [q2!.choices[0]!.id], isCorrect: true });

    const body = (await get(`/api/questns/?course=${course.id}`, headers)).json();
    const [a, b, c] = body.results;
    expect(a.last_answer).toMatchObject({ choices: [wrong], is_correct: false, score: 0 });
    expect(new Date(a.last_answer.answered_at).toISOString()).toBe(a.last_answer.answered_at);
    expect(a.correction).toEqual({
      correct_choices: [right],
      explanation: '',
      choice_explanations: {},
    });
    expect(b.last_answer).toMatchObject({ is_correct: true });
    expect(b.correction.correct_choices).toEqual([q2!.choices[0]!.id]);
    expect(c.last_answer).toBeNull();
    expect(c.correction).toBeNull();

    // With ?session=, only that session's answers count.
    const scoped = (
      await get(`/api/questns/?course=${course.id}&session=${session.id}`, headers)
    ).json();
    expect(scoped.results.map((q: { last_answer: unknown }) => q.last_answer !== null)).toEqual([
      true,
      false,
      false,
    ]);
    const unanswered = (
      await get(`/api/questns/?course=${course.id}&session=${session.id}&unanswered=true`, headers)
    ).json();
    expect(ids(unanswered)).toEqual([q2!.id, q3!.id]);
    const unansweredOverall = (
      await get(`/api/questns/?course=${course.id}&unanswered=true`, headers)
    ).json();
    expect(ids(unansweredOverall)).toEqual([q3!.id]);
    const incorrect = (
      await get(`/api/questns/?course=${course.id}&incorrect=true`, headers)
    ).json();
    expect(ids(incorrect)).toEqual([q1!.id]);
    const answered = (
      await get(`/api/questns/?course=${course.id}&unanswered=false`, headers)
    ).json();
    expect(ids(answered)).toEqual([q1!.id, q2!.id]);
  });

  it('pages with absolute next/previous links and answers 404 past the end', async () => {
    const { headers } = await buildUser(db);
    const { course, questions: list } = await courseWith(12);
    const first = await get(`/api/questns/?course=${course.id}&page_size=5`, headers);
    expect(first.json()).toMatchObject({
      count: 12,
      next: `http://testserver/api/questns/?course=${course.id}&page_size=5&page=2`,
      previous: null,
    });
    expect(ids(first.json())).toEqual(list.slice(0, 5).map((q) => q.id));
    const last = (
      await get(`/api/questns/?course=${course.id}&page_size=5&page=3`, headers)
    ).json();
    expect(ids(last)).toEqual(list.slice(10).map((q) => q.id));
    expect(last.next).toBeNull();
    expect(last.previous).toBe(
      `http://testserver/api/questns/?course=${course.id}&page_size=5&page=2`,
    );
    const past = await get(`/api/questns/?course=${course.id}&page_size=5&page=4`, headers);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
    const defaults = (await get(`/api/questns/?course=${course.id}`, headers)).json();
    expect(defaults.results).toHaveLength(10);
  });

  it('filters by module, course, sources, type and full-text search', async () => {
    const { headers } = await buildUser(db);
    const module = await buildModule(db);
    const course = await buildCourse(db, { moduleId: module.id });
    const other = await buildCourse(db, { moduleId: module.id });
    const s1 = await buildSource(db, { moduleId: module.id });
    const s2 = await buildSource(db, { moduleId: module.id });
    const a = await buildQuestion(db, {
      courseId: course.id,
      sourceId: s1.id,
      stem: 'Atrial fibrillation rhythm',
      order: 1,
    });
    const b = await buildQuestion(db, {
      courseId: course.id,
      sourceId: s2.id,
      order: 2,
      choiceList: [
        { text: 'x', isCorrect: true },
        { text: 'y', isCorrect: true },
      ],
    });
    const c = await buildQuestion(db, {
      courseId: other.id,
      stem: 'Ventricular fibrillation',
      order: 1,
    });

    const list = async (query: string) =>
      ids((await get(`/api/questns/?${query}`, headers)).json());
    expect(await list(`module=${module.id}`)).toEqual(
      [a, b, c].sort((x, y) => x.courseId - y.courseId || x.order - y.order).map((q) => q.id),
    );
    expect(await list(`course=${other.id}`)).toEqual([c.id]);
    expect(await list(`module=${module.id}&sources=${s2.id},${s1.id}`)).toEqual([a.id, b.id]);
    expect(await list(`module=${module.id}&type=qcm`)).toEqual([b.id]);
    expect(await list(`module=${module.id}&search=fibrillation`)).toHaveLength(2);
    expect(await list(`module=${module.id}&search=atrial fibrillation`)).toEqual([a.id]);
    expect(await list(`module=${module.id}&search=fibrillation -atrial`)).toEqual([c.id]);
    expect(await list(`course=${course.id}&ordering=-order`)).toEqual([b.id, a.id]);
    expect(await list(`course=${course.id}&ordering=id`)).toEqual([a.id, b.id]);
  });

  it('takes any search text, and answers without the trailing slash', async () => {
    const { headers } = await buildUser(db);
    const { course } = await courseWith(1);
    for (const search of ['&&&', '"unbalanced', 'a | !b', '   ', 'nul\0byte']) {
      const res = await get(
        `/api/questns/?course=${course.id}&search=${encodeURIComponent(search)}`,
        headers,
      );
      expect(res.statusCode, search).toBe(200);
    }
    // Empty parameters count as absent, like django-filter.
    const empty = await get(
      `/api/questns/?course=${course.id}&module=&sources=&type=&favorite=&session=`,
      headers,
    );
    expect(empty.statusCode).toBe(200);
    expect(empty.json().count).toBe(1);
    const bare = await get(`/api/questns?course=${course.id}`, headers);
    expect(bare.statusCode).toBe(200);
    expect(bare.json().count).toBe(1);
  });

  it('applies the caller’s course filter unless sources are given', async () => {
    const { user, headers } = await buildUser(db);
    const module = await buildModule(db);
    const course = await buildCourse(db, { moduleId: module.id });
    const s1 = await buildSource(db, { moduleId: module.id });
    const s2 = await buildSource(db, { moduleId: module.id });
    const a = await buildQuestion(db, { courseId: course.id, sourceId: s1.id, order: 1 });
    const b = await buildQuestion(db, { courseId: course.id, sourceId: s2.id, order: 2 });
    await filterCourse(db, user.id, course.id, [s2.id]);
    expect(ids((await get(`/api/questns/?course=${course.id}`, headers)).json())).toEqual([b.id]);
    expect(
      ids((await get(`/api/questns/?course=${course.id}&sources=${s1.id}`, headers)).json()),
    ).toEqual([a.id]);
    // Another user's filter does not apply.
    const other = await buildUser(db);
    expect(ids((await get(`/api/questns/?course=${course.id}`, other.headers)).json())).toEqual([
      a.id,
      b.id,
    ]);
  });

  it('filters by the caller’s favourites, notes and hides (hidden left out unless asked)', async () => {
    const { user, headers } = await buildUser(db);
    const {
      course,
      questions: [q1, q2, q3],
    } = await courseWith(3);
    await favorite(db, user.id, q1!.id);
    await note(db, user.id, q2!.id);
    await hide(db, user.id, q3!.id);
    const list = async (query: string) =>
      ids((await get(`/api/questns/?course=${course.id}&${query}`, headers)).json());
    expect(await list('')).toEqual([q1!.id, q2!.id]);
    expect(await list('hidden=false')).toEqual([q1!.id, q2!.id]);
    expect(await list('hidden=true')).toEqual([q3!.id]);
    expect(await list('favorite=true')).toEqual([q1!.id]);
    expect(await list('favorite=false')).toEqual([q2!.id]);
    expect(await list('noted=true')).toEqual([q2!.id]);
    const other = await buildUser(db);
    const theirs = (await get(`/api/questns/?course=${course.id}`, other.headers)).json();
    expect(ids(theirs)).toEqual([q1!.id, q2!.id, q3!.id]);
    expect(
      theirs.results.every(
        (q: { is_favorite: boolean; has_note: boolean }) => !q.is_favorite && !q.has_note,
      ),
    ).toBe(true);
  });

  it('answers 400 naming the field for bad parameters', async () => {
    const { headers } = await buildUser(db);
    const cases: [string, string, string?][] = [
      ['type=essay', 'type'],
      ['sources=1,x', 'sources', 'Enter a comma-separated list of ids.'],
      ['favorite=maybe', 'favorite', "Select a valid choice. Use 'true' or 'false'."],
      ['course=abc', 'course', 'A valid integer is required.'],
      ['course=0', 'course', 'Ensure this value is greater than or equal to 1.'],
      ['module=99999999999', 'module', 'Ensure this value is less than or equal to 2147483647.'],
      ['ordering=stem', 'ordering'],
      [
        'course=999999',
        'course',
        'Select a valid choice. That choice is not one of the available choices.',
      ],
      [
        'module=999999',
        'module',
        'Select a valid choice. That choice is not one of the available choices.',
      ],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(`/api/questns/?${query}`, headers);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([field]);
      if (message) expect(res.json()[field], query).toEqual([message]);
    }
  });

  it('answers 404 for a session that is not the caller’s', async () => {
    const { headers } = await buildUser(db);
    const owner = await buildUser(db);
    const { course } = await courseWith(1);
    const session = await startSession(db, owner.user.id, course.id);
    const res = await get(`/api/questns/?session=${session.id}`, headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('OpenAPI', () => {
  it('documents the question routes and their filters', async () => {
    const doc = (await get('/api/schema/')).json();
    const parameters = doc.paths['/api/questns/'].get.parameters;
    const params = parameters.map((p: { name: string }) => p.name);
    const schemaOf = (name: string) =>
      parameters.find((p: { name: string }) => p.name === name).schema;
    expect(JSON.stringify(schemaOf('type'))).toContain('qcm');
    expect(JSON.stringify(schemaOf('ordering'))).toContain('-year');
    expect(params).toEqual(
      expect.arrayContaining([
        'module',
        'course',
        'sources',
        'type',
        'search',
        'favorite',
        'hidden',
        'noted',
        'unanswered',
        'incorrect',
        'ordering',
        'session',
        'page',
        'page_size',
      ]),
    );
    for (const path of [
      '/api/questns/{id}/',
      '/api/questns/first-unanswered/',
      '/api/questions_exam/',
      '/api/questnstypes/',
      '/api/playlist_questions/',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});
