import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { expect, it } from 'vitest';
import { buildQuestion, buildUser, DEFAULT_PASSWORD, subscribe } from '../../test/factories';
import { setupTestApp } from '../../test/helper';

/**
 * Issue 32: the document is what client teams generate from. This test does what they do with a
 * maintained generator (openapi-typescript, typed by openapi-fetch), typechecks a learner journey
 * written against the generated types alone, then runs it against this server. A document that
 * drifts from what clients need (an anonymous entity, a wrong parameter type, a missing body
 * field) fails here rather than in a client's build.
 */
const { app, database } = await setupTestApp();
const CLIENT_DIR = path.resolve(import.meta.dirname, '../../test/generated-client');
const TSC = path.resolve(import.meta.dirname, '../../../../node_modules/typescript/bin/tsc');

/** journey.ts's export, typed here: the server's own typecheck never sees the generated types. */
type Journey = {
  learnerJourney: (
    baseUrl: string,
    email: string,
    password: string,
  ) => Promise<{
    question: { id: number };
    course: { id: number };
    answer: { is_correct: boolean; correct_choices: number[] };
    answered: number;
    favorites: number;
  }>;
};

async function generateClientTypes(): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/schema/' });
  expect(res.statusCode).toBe(200);
  const types = astToString(await openapiTS(res.json() as Parameters<typeof openapiTS>[0]));
  fs.writeFileSync(path.join(CLIENT_DIR, 'schema.d.ts'), types);
  return types;
}

it('generates a client whose named entities a learner journey typechecks against', async () => {
  const types = await generateClientTypes();
  for (const entity of ['Question', 'Module', 'Course', 'NoteItem', 'Playlist', 'Session']) {
    expect(types, entity).toMatch(new RegExp(`\\n\\s+${entity}: \\{`));
  }
  const tsc = await promisify(execFile)(
    process.execPath,
    [TSC, '-p', path.join(CLIENT_DIR, 'tsconfig.json')],
    { cwd: CLIENT_DIR },
  ).catch((error: { stdout: string; code: number }) => error);
  expect(tsc.stdout).toBe('');
}, 120_000);

it('runs that journey against the server: sign in, browse, answer, favourite', async () => {
  await generateClientTypes();
  const db = database.db;
  const question = await buildQuestion(db);
  const { user } = await buildUser(db);
  await subscribe(db, user.id);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { learnerJourney } = (await import(path.join(CLIENT_DIR, 'journey.ts'))) as Journey;

  const result = await learnerJourney(address, user.email, DEFAULT_PASSWORD);

  expect(result.question.id).toBe(question.id);
  expect(result.course.id).toBe(question.courseId);
  // The journey answers the first choice shown, which the factory makes the right one.
  expect(result.answer.is_correct).toBe(true);
  expect(result.answer.correct_choices).toEqual([question.choices[0]!.id]);
  expect(result.answered).toBe(1);
  expect(result.favorites).toBe(1);
}, 60_000);
