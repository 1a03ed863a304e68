import type { SearchPage, SimilarQuestions } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import {
  buildCourse,
  buildModule,
  buildQuestion,
  buildUser,
  hide,
  subscribe,
} from '../../../test/factories';
import { rarestWords } from './search.repository';

// No free preview: what a learner reads is what their plan opens.
const { app, database } = await setupTestApp({ FREE_QUESTIONS_PER_COURSE: '0' });
const db = database.db;

const get = (url: string, headers?: { authorization: string }) =>
  app.inject({ method: 'GET', url, headers });

/** A plan that opens one module of two, a learner on it, and staff to write questions. */
async function bank() {
  const opened = await buildModule(db, { name: 'Hépato-gastro' });
  const closed = await buildModule(db, { name: 'Cardiologie' });
  const course = await buildCourse(db, { moduleId: opened.id, name: 'Foie' });
  const other = await buildCourse(db, { moduleId: closed.id, name: 'Cœur' });
  const learner = await buildUser(db);
  await subscribe(db, learner.user.id, { moduleIds: [opened.id] });
  const staff = await buildUser(db, { isStaff: true });
  /** Through the back office, so search_text is what the real writer stores; then live. */
  const write = async (
    courseId: number,
    stem: string,
    choices: string[],
    explanation = '',
  ): Promise<number> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff/questions/',
      headers: staff.headers,
      payload: {
        course: courseId,
        type: 'qcs',
        stem,
        explanation,
        choices: choices.map((text, i) => ({ text, is_correct: i === 0 })),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: number }).id;
    // A new question is a draft: reviewed, then live for learners.
    for (const status of ['in_review', 'live']) {
      const moved = await app.inject({
        method: 'POST',
        url: `/api/staff/questions/${id}/status/`,
        headers: staff.headers,
        payload: { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    return id;
  };
  return { course, other, learner, staff, write };
}

describe('GET /api/search/', () => {
  it('finds words of the stem, choices and explanation, accents ignored, within the plan', async () => {
    const { course, other, learner, staff, write } = await bank();
    const hepatitis = await write(
      course.id,
      'Une **hépatite** aiguë chez l’élève de 19 ans',
      ['Virus de l’hépatite A', 'Paracétamol'],
      'Une cholestase franche est rare.',
    );
    const locked = await write(other.id, 'Hépatite et insuffisance cardiaque', ['Oui', 'Non']);

    const found = async (q: string, headers = learner.headers) => {
      const res = await get(`/api/search/?q=${encodeURIComponent(q)}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as SearchPage;
    };
    // Without accents, in capitals, or with them where the text has none.
    for (const q of ['hepatite eleve', 'HÉPATITE', 'paracetamol', 'cholestase', 'élève aigue']) {
      const page = await found(q);
      expect(page.count, q).toBe(1);
      expect(page.results[0]!.question.id).toBe(hepatitis);
    }
    const [hit] = (await found('hepatite')).results;
    expect(hit).toMatchObject({
      module_name: 'Hépato-gastro',
      course_name: 'Foie',
      question: {
        id: hepatitis,
        is_locked: false,
        stem: 'Une **hépatite** aiguë chez l’élève de 19 ans',
      },
    });
    // The excerpt shows the matched words marked, as written (with their accents).
    expect(hit!.excerpt).toContain('\u0002hépatite\u0003');
    const [both] = (await found('hepatite paracetamol')).results;
    expect(both!.excerpt).toContain('\u0002Paracétamol\u0003');
    // The other module's question is outside the learner's plan: staff read everything.
    expect((await found('hepatite', staff.headers)).results.map((r) => r.question.id)).toEqual(
      expect.arrayContaining([hepatitis, locked]),
    );
    // Web search syntax: a phrase, and a word left out.
    expect((await found('"hépatite aiguë"')).count).toBe(1);
    expect((await found('hepatite -paracetamol')).count).toBe(0);
    // A hidden question stays hidden; a learner without a plan finds nothing.
    await hide(db, learner.user.id, hepatitis);
    expect((await found('hepatite')).count).toBe(0);
    const newcomer = await buildUser(db);
    expect((await found('cholestase', newcomer.headers)).count).toBe(0);
  });

  it('ranks and paginates, and answers bad input with a 4xx', async () => {
    const { course, learner } = await bank();
    const word = `cirrhose${Date.now()}`;
    for (let i = 0; i < 7; i += 1)
      await buildQuestion(db, { courseId: course.id, searchText: `Question ${i} sur la ${word}` });
    const best = await buildQuestion(db, {
      courseId: course.id,
      searchText: `La ${word}, encore la ${word}, toujours la ${word}`,
    });
    const first = await get(`/api/search/?q=${word}&page_size=3`, learner.headers);
    expect(first.statusCode).toBe(200);
    const page = first.json() as SearchPage;
    expect(page.count).toBe(8);
    expect(page.results.map((r) => r.question.id)[0]).toBe(best.id);
    expect(page.next).toContain('page=2');
    const last = (await get(`/api/search/?q=${word}&page_size=3&page=3`, learner.headers)).json();
    expect((last as SearchPage).results).toHaveLength(2);
    expect((last as SearchPage).next).toBeNull();
    const beyond = await get(`/api/search/?q=${word}&page_size=3&page=4`, learner.headers);
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual({ detail: 'Invalid page.' });

    expect((await get('/api/search/?q=%20%20', learner.headers)).json()).toEqual({
      q: ['This field may not be blank.'],
    });
    expect((await get('/api/search/', learner.headers)).statusCode).toBe(400);
    const long = await get(`/api/search/?q=${'a'.repeat(201)}`, learner.headers);
    expect(long.json()).toEqual({ q: ['Ensure this field has no more than 200 characters.'] });
    // Operators alone, quotes left open, a NUL byte: no match, never a 500.
    for (const q of ['!!! & | ()', '"open', 'a\u0000b', ':*']) {
      const res = await get(`/api/search/?q=${encodeURIComponent(q)}`, learner.headers);
      expect(res.statusCode, q).toBe(200);
    }
    expect((await get('/api/search/?q=cirrhose')).statusCode).toBe(401);
  });
});

describe('GET /api/questns/{id}/similar/', () => {
  it('offers a few questions close in wording, within the plan, never the question itself', async () => {
    const { course, other, learner, write } = await bank();
    const missed = await write(
      course.id,
      'Pneumothorax spontané du sujet jeune longiligne : douleur thoracique brutale et dyspnée',
      ['Radiographie thoracique', 'Scanner', 'ECG'],
    );
    const close = await write(
      course.id,
      'Pneumothorax spontané chez un sujet jeune : douleur thoracique brutale, dyspnée, quel examen ?',
      ['Radiographie thoracique', 'Échographie', 'ECG'],
    );
    const farther = await write(
      course.id,
      'Douleur thoracique brutale du sujet jeune : pneumothorax ou péricardite ?',
      ['Radiographie thoracique', 'ECG'],
    );
    const unrelated = await write(course.id, 'Calcul de la clairance de la créatinine', [
      'Cockcroft',
      'MDRD',
    ]);
    const outsidePlan = await write(
      other.id,
      'Pneumothorax spontané du sujet jeune longiligne : douleur thoracique brutale et dyspnée',
      ['Radiographie thoracique', 'Scanner', 'ECG'],
    );

    const res = await get(`/api/questns/${missed}/similar/`, learner.headers);
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json() as SimilarQuestions;
    const ids = results.map((r) => r.id);
    expect(ids.slice(0, 2)).toEqual([close, farther]);
    expect(ids).not.toContain(missed);
    expect(ids).not.toContain(unrelated);
    expect(ids).not.toContain(outsidePlan);
    expect(results.length).toBeLessThanOrEqual(5);
    expect(results[0]).toMatchObject({
      course_name: 'Foie',
      excerpt: expect.stringMatching(/^Pneumothorax/),
    });
    expect(results[0]!.similarity).toBeGreaterThan(results[1]!.similarity);

    // The same answers as the question itself: 403 outside the plan, 404 unknown.
    expect((await get(`/api/questns/${outsidePlan}/similar/`, learner.headers)).statusCode).toBe(
      403,
    );
    expect((await get('/api/questns/99999999/similar/', learner.headers)).statusCode).toBe(404);
    expect((await get('/api/questns/abc/similar/', learner.headers)).statusCode).toBe(404);
  });

  it('looks among questions sharing its rarest words, so a common opener finds no crowd', async () => {
    const { course, learner, write } = await bank();
    const opener = 'Parmi les affirmations suivantes concernant';
    for (const topic of ['la cirrhose', 'l’hépatite B', 'la lithiase biliaire', 'l’ascite']) {
      await write(course.id, `${opener} ${topic}, lesquelles sont exactes ?`, ['Vrai', 'Faux']);
    }
    const topic = 'l’hémochromatose génétique HFE, surcharge martiale hépatique et cardiaque';
    const missed = await write(course.id, `${opener} ${topic}, lesquelles sont exactes ?`, [
      'Saignées itératives',
      'Ferritinémie élevée',
    ]);
    const close = await write(course.id, `${opener} ${topic} : le traitement ?`, [
      'Saignées itératives',
      'Ferritinémie élevée',
    ]);
    // The planner's statistics say which words are common (autovacuum or an operator keeps them).
    await db.execute(sql`analyze questions`);

    const probe = (await rarestWords(db, missed)) ?? '';
    expect(probe).toContain("'hemochromatose'");
    for (const common of ['parmi', 'affirmations', 'suivantes', 'lesquelles', 'exactes']) {
      expect(probe).not.toContain(`'${common}'`);
    }
    const res = await get(`/api/questns/${missed}/similar/`, learner.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as SimilarQuestions).results.map((r) => r.id)).toEqual([close]);
  });
});
