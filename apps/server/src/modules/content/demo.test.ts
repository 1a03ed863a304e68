import { count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { setupTestApp } from '../../../test/helper';
import { choices, modules, questions, sources } from '../../db/schema/index';
import { runStartupTasks } from '../../startup';
import { buildDemoDocument, splitJeeChoices } from './demo-bank';
import { DEMO_PLAN } from './demo.service';

// DEMO_BANK on for this file: the startup task loads the bank into the empty test database.
const { app } = await setupTestApp({ DEMO_BANK: 'on' });
const db = app.db;
const total = async () => (await db.select({ n: count() }).from(questions))[0]!.n;

describe('demo bank', () => {
  it('loads real questions from every data set into an empty database, once', async () => {
    const expected = buildDemoDocument().questions.length;
    expect(expected).toBeGreaterThan(4000);
    expect(expected).toBeLessThan(6000);
    await runStartupTasks(app);
    expect(await total()).toBe(expected);
    // A second start finds questions and leaves them alone.
    await runStartupTasks(app);
    expect(await total()).toBe(expected);

    const names = (await db.select({ name: modules.name }).from(modules)).map((m) => m.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Pharmacie (FrenchMedMCQA)',
        'Physics (JEE Advanced)',
        'General knowledge (OpenTriviaQA)',
        'Quantitative reasoning (AQuA-RAT)',
      ]),
    );
    // JEE papers are sources with their year; AQuA rationales are explanations.
    const [paper] = await db
      .select()
      .from(sources)
      .where(eq(sources.name, 'JEE Adv 2019 Paper 2'))
      .limit(1);
    expect(paper!.year).toBe(2019);
    const [aqua] = await db
      .select()
      .from(questions)
      .where(like(questions.externalId, 'demo:aqua:%'))
      .limit(1);
    expect(aqua!.explanation.length).toBeGreaterThan(10);
    // The demo plan comes with the bank: a new learner can buy it at once.
    const { headers } = await buildUser(db);
    const subs = await app.inject({ method: 'GET', url: '/api/subs/?is_archived=false', headers });
    expect(subs.json()).toEqual([
      expect.objectContaining({ name: DEMO_PLAN.name, all_modules: true, is_archived: false }),
    ]);
    const [multi] = await db.select().from(questions).where(eq(questions.type, 'qcm')).limit(1);
    const multiChoices = await db.select().from(choices).where(eq(choices.questionId, multi!.id));
    expect(multiChoices.filter((c) => c.isCorrect).length).toBeGreaterThanOrEqual(1);
  }, 60_000); // ~5,000 questions through every index (the stem trigram GIN): ~10 s on PGlite

  it('does not load into a database that already has questions, even an empty-catalogue one', async () => {
    const before = await total();
    await runStartupTasks(app);
    expect(await total()).toBe(before);
  });

  it('splits the JEE choices written at the end of the text', () => {
    expect(splitJeeChoices('Which?\n\n(A) one\n\n(B) two\n\n(C) three\n\n(D) four')).toEqual({
      stem: 'Which?',
      choices: ['one', 'two', 'three', 'four'],
    });
    expect(splitJeeChoices('Which? [A] x [B] y [C] z [D] w')!.choices).toEqual([
      'x',
      'y',
      'z',
      'w',
    ]);
    expect(splitJeeChoices('No choices here')).toBeUndefined();
  });
});

describe('GET /api/about/', () => {
  it('names every data set with its licence, link and attribution, without signing in', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/about/' });
    expect(res.statusCode).toBe(200);
    const { datasets } = res.json() as {
      datasets: { name: string; licence: string; url: string; attribution: string }[];
    };
    expect(datasets.map((d) => [d.name, d.licence])).toEqual([
      ['FrenchMedMCQA', 'Apache-2.0'],
      ['JEEBench', 'MIT'],
      ['OpenTriviaQA', 'CC BY-SA 4.0'],
      ['AQuA-RAT', 'Apache-2.0'],
    ]);
    for (const d of datasets) {
      expect(d.url).toMatch(/^https:\/\/github\.com\//);
      expect(d.attribution.length).toBeGreaterThan(20);
    }
  });

  it('is documented in the OpenAPI schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/schema/' });
    expect(res.json().paths).toHaveProperty('/api/about/');
  });
});
