import { paginated, questionSchema } from '@qbank/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { openDatabase, type Database, type Db } from '../../db/client';
import { favoriteQuestions, questions } from '../../db/schema/index';
import { busFor, LISTENER_NAME } from '../../lib/invalidation';
import { setupTestApp } from '../../../test/helper';
import { buildCourse, buildQuestion, buildSource, buildUser } from '../../../test/factories';
import { CONTENT_CACHE_SIZE, contentCacheSize, invalidateQuestionContent } from './content-cache';
import { getPersonalState, PERSONAL_CACHE_SIZE, personalCacheSize } from './personal-cache';

/** Decision 029: cached question pages, invalidated exactly by writes (and across instances). */

const { app, database, config } = await setupTestApp({ FREE_QUESTIONS_PER_COURSE: '1000' });
const db = database.db;

type Headers = { authorization: string };
const get = (target: App, url: string, headers: Headers) =>
  target.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url, headers, payload });

interface Payload {
  id: number;
  stem: string;
  is_favorite: boolean;
  is_hidden: boolean;
  has_note: boolean;
  playlists: number[];
  last_answer: { choices: number[] } | null;
  correction: unknown;
}

/** A learner and a course of three questions, the page read once (the caches are warm). */
async function warmPage(target: App = app) {
  const learner = await buildUser(db);
  const course = await buildCourse(db);
  const list = [];
  for (let i = 1; i <= 3; i++)
    list.push(await buildQuestion(db, { courseId: course.id, order: i }));
  const page = async (host: App = target, extra = ''): Promise<Payload[]> => {
    const res = await get(host, `/api/questns/?course=${course.id}${extra}`, learner.headers);
    expect(res.statusCode).toBe(200);
    return res.json().results;
  };
  const first = await page();
  expect(first.map((q) => q.id)).toEqual(list.map((q) => q.id));
  return { learner, course, questions: list, page };
}

const byId = (page: Payload[], id: number) => page.find((q) => q.id === id)!;

describe('the question page cache', () => {
  it('serves a warm page from memory: a write that bypasses the API is not seen', async () => {
    const { learner, questions: qs, page } = await warmPage();
    expect(busFor(db).ready).toBe(true);
    expect(personalCacheSize(db)).toBeGreaterThan(0);
    expect(contentCacheSize(db)).toBeGreaterThan(0);
    // Proof that the page does no database work for these parts once warm.
    await db.insert(favoriteQuestions).values({ userId: learner.user.id, questionId: qs[0]!.id });
    expect(byId(await page(), qs[0]!.id).is_favorite).toBe(false);
  });

  it('writes the page from memory byte for byte as the contract serializes it', async () => {
    const learner = await buildUser(db);
    const course = await buildCourse(db);
    const source = await buildSource(db, { name: 'Board "2024"' });
    const qs = [
      await buildQuestion(db, { courseId: course.id, order: 1, sourceId: source.id }),
      await buildQuestion(db, {
        courseId: course.id,
        order: 2,
        stem: 'Dose in µg/kg?\n\n| a | b |',
      }),
    ];
    const h = learner.headers;
    await expect(
      (await send('POST', '/api/favorite_questions/', h, { question: qs[0]!.id })).statusCode,
    ).toBe(201);
    await send('POST', '/api/noteitemsdetail/', h, { question: qs[1]!.id, content: 'n' });
    const playlist = (await send('POST', '/api/playlist/', h, { name: 'P' })).json();
    await send('POST', '/api/playlistitems/', h, { playlist: playlist.id, question: qs[1]!.id });
    const right = qs[0]!.choices.find((c) => c.isCorrect)!.id;
    const answered = await send('POST', '/api/question_answer_history/', h, {
      question: qs[0]!.id,
      choices: [right],
      mode: 'study',
    });
    expect(answered.statusCode).toBe(201);
    for (let read = 0; read < 2; read++) {
      const res = await get(app, `/api/questns/?course=${course.id}&page_size=1&page=2`, h);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(JSON.stringify(paginated(questionSchema).parse(res.json())));
      const all = await get(app, `/api/questns/?course=${course.id}`, h);
      expect(all.body).toBe(JSON.stringify(paginated(questionSchema).parse(all.json())));
      const [first, second] = all.json().results;
      expect(first).toMatchObject({ is_favorite: true, source: { name: 'Board "2024"' } });
      expect(first.correction).not.toBeNull();
      expect(second).toMatchObject({ has_note: true, playlists: [playlist.id] });
      expect(res.json().previous).toContain('page=1');
    }
  });

  it('shows a favourite, and its removal, on the next read', async () => {
    const { learner, questions: qs, page } = await warmPage();
    const res = await send('POST', '/api/favorite_questions/', learner.headers, {
      question: qs[1]!.id,
    });
    expect(res.statusCode).toBe(201);
    expect(byId(await page(), qs[1]!.id).is_favorite).toBe(true);
    const removed = await send(
      'DELETE',
      `/api/favorite_questions/${res.json().id}/`,
      learner.headers,
    );
    expect(removed.statusCode).toBe(204);
    expect(byId(await page(), qs[1]!.id).is_favorite).toBe(false);
  });

  it('shows a hidden question on the next read', async () => {
    const { learner, questions: qs, page } = await warmPage();
    const detail = async () =>
      (await get(app, `/api/questns/${qs[0]!.id}/`, learner.headers)).json() as Payload;
    expect((await detail()).is_hidden).toBe(false);
    const res = await send('POST', '/api/hide_questions/', learner.headers, {
      question: qs[0]!.id,
    });
    expect(res.statusCode).toBe(201);
    expect((await page()).map((q) => q.id)).toEqual([qs[1]!.id, qs[2]!.id]);
    expect((await detail()).is_hidden).toBe(true);
    expect((await page(app, '&hidden=true')).map((q) => q.is_hidden)).toEqual([true]);
  });

  it('shows a note and a playlist item on the next read', async () => {
    const { learner, questions: qs, page } = await warmPage();
    const noted = await send('POST', '/api/noteitemsdetail/', learner.headers, {
      question: qs[2]!.id,
      content: 'Remember the dose',
    });
    expect(noted.statusCode).toBe(201);
    expect(byId(await page(), qs[2]!.id).has_note).toBe(true);

    const playlist = await send('POST', '/api/playlist/', learner.headers, { name: 'Revision' });
    expect(playlist.statusCode).toBe(201);
    const item = await send('POST', '/api/playlistitems/', learner.headers, {
      playlist: playlist.json().id,
      question: qs[2]!.id,
    });
    expect(item.statusCode).toBe(201);
    expect(byId(await page(), qs[2]!.id).playlists).toEqual([playlist.json().id]);
  });

  it('shows a session answer, then its clearing, on the next read', async () => {
    const { learner, course, questions: qs, page } = await warmPage();
    const session = await send('POST', '/api/sessions/', learner.headers, { course_id: course.id });
    expect(session.statusCode).toBe(201);
    const sessionId: number = session.json().id;
    expect((await page(app, `&session=${sessionId}`)).every((q) => !q.last_answer)).toBe(true);
    const right = qs[0]!.choices.find((c) => c.isCorrect)!.id;
    const answer = await send('POST', '/api/session_questions/', learner.headers, {
      session: sessionId,
      question: qs[0]!.id,
      choices: [right],
    });
    expect(answer.statusCode).toBe(201);
    expect(byId(await page(), qs[0]!.id).last_answer?.choices).toEqual([right]);
    expect(byId(await page(app, `&session=${sessionId}`), qs[0]!.id).correction).not.toBeNull();

    const cleared = await send('POST', '/api/sessions/clear-course-progress/', learner.headers, {
      course_id: course.id,
    });
    expect(cleared.statusCode).toBe(200);
    expect(byId(await page(app, `&session=${sessionId}`), qs[0]!.id).last_answer).toBeNull();
    // The answer stays in the history (a session answer is logged there too).
    expect(byId(await page(), qs[0]!.id).last_answer?.choices).toEqual([right]);
  });

  it('shows a history answer, then its deletion, on the next read', async () => {
    const { learner, questions: qs, page } = await warmPage();
    const wrong = qs[1]!.choices.find((c) => !c.isCorrect)!.id;
    const res = await send('POST', '/api/question_answer_history/', learner.headers, {
      question: qs[1]!.id,
      choices: [wrong],
      mode: 'study',
    });
    expect(res.statusCode).toBe(201);
    expect(byId(await page(), qs[1]!.id).last_answer?.choices).toEqual([wrong]);
    const removed = await send(
      'DELETE',
      `/api/question_answer_history/${res.json().id}/`,
      learner.headers,
    );
    expect(removed.statusCode).toBe(204);
    expect(byId(await page(), qs[1]!.id).last_answer).toBeNull();
  });

  it('applies a new course filter on the next read', async () => {
    const learner = await buildUser(db);
    const course = await buildCourse(db);
    const [kept, dropped] = [
      await buildSource(db, { moduleId: course.moduleId }),
      await buildSource(db, { moduleId: course.moduleId }),
    ];
    const a = await buildQuestion(db, { courseId: course.id, order: 1, sourceId: kept!.id });
    const b = await buildQuestion(db, { courseId: course.id, order: 2, sourceId: dropped!.id });
    const page = async () =>
      (await get(app, `/api/questns/?course=${course.id}`, learner.headers)).json();
    expect((await page()).count).toBe(2);
    const res = await send('POST', '/api/course_filters/', learner.headers, {
      course: course.id,
      course_sources: [kept!.id],
    });
    expect(res.statusCode).toBe(201);
    const filtered = await page();
    expect(filtered.count).toBe(1);
    expect(filtered.results.map((q: Payload) => q.id)).toEqual([a.id]);
    expect(b.id).not.toBe(a.id);
  });

  it('answers 400 for an unknown course and 404 for a page past the end, warm or cold', async () => {
    const { learner, course } = await warmPage();
    for (let i = 0; i < 2; i++) {
      const unknown = await get(app, '/api/questns/?course=987654', learner.headers);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({
        course: ['Select a valid choice. That choice is not one of the available choices.'],
      });
      const past = await get(app, `/api/questns/?course=${course.id}&page=2`, learner.headers);
      expect(past.statusCode).toBe(404);
      expect(past.json()).toEqual({ detail: 'Invalid page.' });
    }
  });

  it('lists a question the importer adds on the next read', async () => {
    const { course, questions: qs, page } = await warmPage();
    const added = await buildQuestion(db, { courseId: course.id, order: 4 });
    await invalidateQuestionContent(db);
    expect((await page()).map((q) => q.id)).toEqual([...qs.map((q) => q.id), added.id]);
  });

  it('shows an edited question to every reader on their next read', async () => {
    const { questions: qs, page } = await warmPage();
    const other = await buildUser(db);
    const otherRead = async () =>
      (await get(app, `/api/questns/${qs[0]!.id}/`, other.headers)).json() as Payload;
    expect((await otherRead()).stem).toBe(qs[0]!.stem);
    // What the importer does: write, then publish after the commit.
    await db.update(questions).set({ stem: 'Edited stem' }).where(eq(questions.id, qs[0]!.id));
    await invalidateQuestionContent(db, [qs[0]!.id]);
    expect(byId(await page(), qs[0]!.id).stem).toBe('Edited stem');
    expect((await otherRead()).stem).toBe('Edited stem');
  });

  it('drops every cache on a staff write', async () => {
    const { questions: qs, page } = await warmPage();
    const staff = await buildUser(db, { isStaff: true });
    await db.update(questions).set({ stem: 'Staff edit' }).where(eq(questions.id, qs[2]!.id));
    const res = await send('POST', '/api/favorite_questions/', staff.headers, {
      question: qs[2]!.id,
    });
    expect(res.statusCode).toBe(201);
    expect(byId(await page(), qs[2]!.id).stem).toBe('Staff edit');
  });

  it('does not keep a load that raced an invalidation of its learner', async () => {
    const { course } = await warmPage();
    const other = await buildUser(db);
    const before = personalCacheSize(db);
    const loading = getPersonalState(db, other.user.id, course.id);
    busFor(db).apply({ kind: 'user', userId: other.user.id });
    await loading;
    expect(personalCacheSize(db)).toBe(before);
    await getPersonalState(db, other.user.id, course.id);
    expect(personalCacheSize(db)).toBe(before + 1);
  });

  it('stays bounded by entries', async () => {
    expect(personalCacheSize(db)).toBeLessThanOrEqual(PERSONAL_CACHE_SIZE);
    expect(contentCacheSize(db)).toBeLessThanOrEqual(CONTENT_CACHE_SIZE);
    const course = await buildCourse(db);
    const userIds = [];
    for (let i = 0; i < 5; i++) userIds.push((await buildUser(db)).user.id);
    for (let round = 0; round < PERSONAL_CACHE_SIZE / userIds.length + 1; round++) {
      // Distinct (user, course) keys beyond the bound: courses that need not exist.
      for (const userId of userIds) await getPersonalState(db, userId, course.id + 1 + round);
    }
    expect(personalCacheSize(db)).toBe(PERSONAL_CACHE_SIZE);
  });
});

const databaseUrl = () =>
  (db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;

/** A second server instance on the same database: its own pool, bus and listener. */
async function secondInstance(): Promise<{ app: App; db: Db; close: () => Promise<void> }> {
  if (database.kind === 'pglite') {
    // One process owns a PGlite database: a second app shares the handle and so the bus.
    const other = await buildApp({ config, database });
    await other.ready();
    return { app: other, db, close: () => other.close() };
  }
  const second: Database = await openDatabase({ url: databaseUrl(), poolSize: 2 });
  const other = await buildApp({ config, database: second });
  await other.ready();
  return {
    app: other,
    db: second.db,
    close: async () => {
      await other.close();
      await second.close();
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
}

describe('several instances', () => {
  it('shows a write through instance A on instance B’s next read', async () => {
    const b = await secondInstance();
    try {
      const { learner, questions: qs, page } = await warmPage();
      expect(byId(await page(b.app), qs[0]!.id).is_favorite).toBe(false);
      const busB = busFor(b.db);
      const seen = busB.received;
      const res = await send('POST', '/api/favorite_questions/', learner.headers, {
        question: qs[0]!.id,
      });
      expect(res.statusCode).toBe(201);
      // On a PostgreSQL server the NOTIFY reaches B's listener asynchronously (sub-millisecond
      // on one host); with PGlite both apps share one bus.
      if (database.kind === 'postgres') await until(() => busB.received > seen);
      expect(byId(await page(b.app), qs[0]!.id).is_favorite).toBe(true);

      await db.update(questions).set({ stem: 'Edited on A' }).where(eq(questions.id, qs[1]!.id));
      const seenContent = busB.received;
      await invalidateQuestionContent(db, [qs[1]!.id]);
      if (database.kind === 'postgres') await until(() => busB.received > seenContent);
      expect(byId(await page(b.app), qs[1]!.id).stem).toBe('Edited on A');
    } finally {
      await b.close();
    }
  });

  it('applies an import published by another process without a listener (the CLI)', async () => {
    const { questions: qs, page } = await warmPage();
    const cli =
      database.kind === 'pglite'
        ? { db, close: async () => {} }
        : await openDatabase({ url: databaseUrl(), poolSize: 1 });
    try {
      await cli.db.update(questions).set({ stem: 'Imported' }).where(eq(questions.id, qs[0]!.id));
      const seen = busFor(db).received;
      await invalidateQuestionContent(cli.db);
      if (database.kind === 'postgres') await until(() => busFor(db).received > seen);
      expect(byId(await page(), qs[0]!.id).stem).toBe('Imported');
    } finally {
      await cli.close();
    }
  });

  it('turns the caches off while the listener is down, and on again once it is back', async () => {
    const bus = busFor(db);
    expect(bus.ready).toBe(true);
    if (database.kind === 'pglite') return; // one process: no listener to lose
    const { learner, questions: qs, page } = await warmPage();
    await db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${LISTENER_NAME} and datname = current_database()`,
    );
    await until(() => !bus.ready);
    // A write nobody publishes is seen at once: the page reads the database.
    await db.insert(favoriteQuestions).values({ userId: learner.user.id, questionId: qs[0]!.id });
    expect(byId(await page(), qs[0]!.id).is_favorite).toBe(true);
    await until(() => bus.ready);
    expect(byId(await page(), qs[0]!.id).is_favorite).toBe(true);
  });
});
