import {
  courseSchema,
  moduleSchema,
  paginated,
  questionSchema,
  userDetailSchema,
} from '@qbank/contract';
import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/helper';
import { buildCourse, buildQuestion, buildUser } from '../../test/factories';
import { responseSerializerCompiler } from './response-serializer';

/** A question as a careless repository might hand it over: extra fields at every depth. */
function questionWithExtras(n: number) {
  return {
    id: n,
    type: 'qcm',
    stem: 'Dose in µg/kg? "quoted" \u2028 line',
    course: 3,
    module: 2,
    source: { id: 9, name: 'Board "2024"', year: null, internal_note: 'secret' },
    year: 2024,
    tags: ['a'],
    images: [],
    clinical_case: null,
    case_order: null,
    choices: [
      { id: 1, label: 'A', text: 'yes', is_correct: true },
      { id: 2, label: 'B', text: 'no', is_correct: false },
    ],
    is_favorite: false,
    is_hidden: false,
    has_note: true,
    playlists: [4],
    last_answer: {
      choices: [1],
      is_correct: true,
      score: 0.5,
      answered_at: '2026-01-01T00:00:00.000Z',
      user_id: 77,
    },
    correction: {
      correct_choices: [1],
      explanation: 'because',
      choice_explanations: { '1': 'right' },
      answer_key_version: 3,
    },
    is_locked: false,
    password_hash: 'pbkdf2$…',
    search_text: 'dose',
  };
}

/** A bare app with the serializer and one route answering `data` under `schema`. */
async function serve(schema: z.ZodType, data: unknown) {
  const app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/x', { schema: { response: { 200: schema } } }, async () => data);
  const res = await app.inject({ url: '/x' });
  await app.close();
  return res;
}

const { app, database } = await setupTestApp();
const db = database.db;

describe('the compiled response serializer', () => {
  it('writes the contract’s fields only, at every depth, as zod’s parse would', async () => {
    const schema = paginated(questionSchema);
    const data = {
      count: 2,
      next: null,
      previous: 'http://testserver/api/questns/?page=1',
      results: [questionWithExtras(1), { ...questionWithExtras(2), source: null }],
      debug: { sql: 'select *' },
    };
    const res = await serve(schema, data);
    expect(res.statusCode).toBe(200);
    // Byte for byte what zod's parse-then-stringify made, which strips every unknown key.
    expect(res.body).toBe(JSON.stringify(schema.parse(data)));
    for (const secret of ['password_hash', 'internal_note', 'user_id', 'answer_key_version']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('keeps zod for a schema JSON Schema cannot state (a transform)', async () => {
    const schema = z.object({ at: z.date().transform((d) => d.getTime()) });
    const res = await serve(schema, { at: new Date(5), extra: 1 });
    expect(res.json()).toEqual({ at: 5 });
  });
});

describe('real routes through the compiled serializer', () => {
  it('answer exactly their contract’s fields (zod’s parse changes nothing)', async () => {
    const learner = await buildUser(db);
    const course = await buildCourse(db);
    await buildQuestion(db, { courseId: course.id, order: 1 });
    const routes: [string, z.ZodType][] = [
      ['/api/auth/user/', userDetailSchema],
      ['/api/moduls/', z.array(moduleSchema)],
      [`/api/courss/?module=${course.moduleId}`, z.array(courseSchema)],
      [`/api/questns/?course=${course.id}&ordering=-id`, paginated(questionSchema)],
      [`/api/questns/?course=${course.id}`, paginated(questionSchema)],
    ];
    for (const [url, schema] of routes) {
      const res = await app.inject({ url, headers: learner.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(JSON.stringify(schema.parse(res.json())));
    }
  });
});
