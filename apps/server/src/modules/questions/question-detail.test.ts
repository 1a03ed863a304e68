import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { choices, clinicalCases, questions } from '../../db/schema/index';
import { setupTestApp } from '../../../test/helper';
import { buildCourse, buildQuestion, buildUser } from '../../../test/factories';
import { ExpiringLru } from '../../lib/cache';
import { contentCacheSize, invalidateQuestionContent } from './content-cache';
import { buildPlaylist, favorite, hide, note } from '../../../test/factories';

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

describe('GET /api/questns/{id}/', () => {
  it('answers the question, 404 for an unknown id and for a malformed one', async () => {
    const { headers } = await buildUser(db);
    const {
      questions: [q],
    } = await courseWith(1);
    const res = await get(`/api/questns/${q!.id}/`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: q!.id, stem: q!.stem, is_locked: false });
    expect((await get(`/api/questns/${q!.id}`, headers)).statusCode).toBe(200);
    const unknown = await get('/api/questns/987654/', headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.' });
    const bad = await get('/api/questns/abc/', headers);
    // A path id that is not an id names no object (issue 17): 404, decided before the database.
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ detail: 'Not found.' });
  });

  it('hides unpublished questions from learners but not from staff', async () => {
    const { headers } = await buildUser(db);
    const staff = await buildUser(db, { isStaff: true });
    const q = await buildQuestion(db, { isPublished: false });
    expect((await get(`/api/questns/${q.id}/`, headers)).statusCode).toBe(404);
    expect((await get(`/api/questns/${q.id}/`, staff.headers)).statusCode).toBe(200);
    expect(ids((await get(`/api/questns/?course=${q.courseId}`, staff.headers)).json())).toEqual(
      [],
    );
  });
});

describe('content cache', () => {
  it('serves an edited question, choice and vignette on the next read', async () => {
    const { headers } = await buildUser(db);
    const course = await buildCourse(db);
    const [kase] = await db
      .insert(clinicalCases)
      .values({ courseId: course.id, vignette: 'Old vignette' })
      .returning();
    const q = await buildQuestion(db, { courseId: course.id, clinicalCaseId: kase!.id });
    const read = async () => (await get(`/api/questns/${q.id}/`, headers)).json();
    expect((await read()).stem).toBe(q.stem);
    expect(contentCacheSize(db)).toBeGreaterThan(0);

    // Writes outside the API publish the change (the staff routes do it through the plugin).
    await db.update(questions).set({ stem: 'Edited stem' }).where(eq(questions.id, q.id));
    await invalidateQuestionContent(db, [q.id]);
    expect((await read()).stem).toBe('Edited stem');

    await db
      .update(clinicalCases)
      .set({ vignette: 'New vignette' })
      .where(eq(clinicalCases.id, kase!.id));
    await invalidateQuestionContent(db);
    expect((await read()).clinical_case.vignette).toBe('New vignette');

    await db.update(choices).set({ text: 'Edited choice' }).where(eq(choices.id, q.choices[0]!.id));
    await invalidateQuestionContent(db, [q.id]);
    expect((await read()).choices[0].text).toBe('Edited choice');
  });

  it('stays bounded, dropping the least recently read entry', () => {
    const cache = new ExpiringLru<number, string>(2, 60_000);
    cache.set(1, 'a');
    cache.set(2, 'b');
    expect(cache.get(1)).toBe('a');
    cache.set(3, 'c');
    expect(cache.size).toBe(2);
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBe('a');
  });

  it('shows the caller’s own favourite at once, and nobody else’s', async () => {
    const { user, headers } = await buildUser(db);
    const q = await buildQuestion(db);
    expect((await get(`/api/questns/${q.id}/`, headers)).json().is_favorite).toBe(false);
    await favorite(db, user.id, q.id);
    expect((await get(`/api/questns/${q.id}/`, headers)).json().is_favorite).toBe(true);
    const other = await buildUser(db);
    expect((await get(`/api/questns/${q.id}/`, other.headers)).json().is_favorite).toBe(false);
  });
});

describe('personal question lists', () => {
  it('pages through favourites, hidden and noted questions of the caller only', async () => {
    const { user, headers } = await buildUser(db);
    const other = await buildUser(db);
    const {
      questions: [q1, q2, q3],
    } = await courseWith(3);
    await favorite(db, user.id, q1!.id);
    await favorite(db, user.id, q3!.id);
    await favorite(db, other.user.id, q2!.id);
    await hide(db, user.id, q3!.id);
    await note(db, user.id, q2!.id);
    await note(db, user.id, q2!.id);

    const favs = (await get('/api/favorites_questions_list/', headers)).json();
    expect(favs).toMatchObject({ count: 2, next: null, previous: null });
    expect(ids(favs)).toEqual([q3!.id, q1!.id]);
    expect(favs.results[0]).toMatchObject({ is_favorite: true, is_hidden: true });
    expect(ids((await get('/api/hides_questions_list/', headers)).json())).toEqual([q3!.id]);
    expect(ids((await get('/api/noted_questions/', headers)).json())).toEqual([q2!.id]);
    const paged = (await get('/api/favorites_questions_list/?page_size=1', headers)).json();
    expect(paged.next).toBe('http://testserver/api/favorites_questions_list/?page_size=1&page=2');
    const past = await get('/api/noted_questions/?page=2', headers);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('lists a playlist in item order; another user’s or unknown playlist is 404', async () => {
    const { user, headers } = await buildUser(db);
    const other = await buildUser(db);
    const {
      questions: [q1, q2, q3],
    } = await courseWith(3);
    const playlist = await buildPlaylist(db, user.id, [q3!.id, q1!.id, q2!.id]);
    const res = await get(`/api/playlist_questions/?playlist=${playlist.id}`, headers);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([q3!.id, q1!.id, q2!.id]);
    expect(res.json().results[0].playlists).toEqual([playlist.id]);

    const theirs = await get(`/api/playlist_questions/?playlist=${playlist.id}`, other.headers);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: 'Not found.' });
    expect((await get('/api/playlist_questions/?playlist=999999', headers)).statusCode).toBe(404);
    const missing = await get('/api/playlist_questions/', headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ playlist: ['This field is required.'] });
  });
});
