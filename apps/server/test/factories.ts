import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client';
import {
  choices,
  courses,
  modules,
  questions,
  sources,
  users,
  type QuestionType,
} from '../src/db/schema/index';
import { issueToken } from '../src/lib/auth';
import { hashPassword } from '../src/lib/passwords';

/**
 * Test data builders (STYLE.md habit 7): each creates the parents it needs. They write through
 * the real database; nothing is mocked.
 */

export const DEFAULT_PASSWORD = 'Correct-Horse-42';
let defaultHash: Promise<string> | undefined;
const unique = () => randomBytes(4).toString('hex');

export interface TestUser {
  user: typeof users.$inferSelect;
  token: string;
  /** `Authorization: Token <key>` headers for app.inject. */
  headers: { authorization: string };
}

export async function buildUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<TestUser> {
  const { password, ...fields } = overrides;
  const passwordHash = password
    ? await hashPassword(password)
    : await (defaultHash ??= hashPassword(DEFAULT_PASSWORD));
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${unique()}@example.com`,
      firstName: 'Test',
      lastName: 'User',
      isConfirmed: true,
      passwordHash,
      ...fields,
    })
    .returning();
  const token = await issueToken(db, user!.id);
  return { user: user!, token, headers: { authorization: `Token ${token}` } };
}

export async function buildModule(db: Db, overrides: Partial<typeof modules.$inferInsert> = {}) {
  const [row] = await db
    .insert(modules)
    .values({ name: `Module ${unique()}`, ...overrides })
    .returning();
  return row!;
}

export async function buildCourse(db: Db, overrides: Partial<typeof courses.$inferInsert> = {}) {
  const moduleId = overrides.moduleId ?? (await buildModule(db)).id;
  const [row] = await db
    .insert(courses)
    .values({ name: `Course ${unique()}`, ...overrides, moduleId })
    .returning();
  return row!;
}

export async function buildSource(db: Db, overrides: Partial<typeof sources.$inferInsert> = {}) {
  const moduleId = overrides.moduleId ?? (await buildModule(db)).id;
  const [row] = await db
    .insert(sources)
    .values({ name: `Exam ${unique()}`, year: 2020, ...overrides, moduleId })
    .returning();
  return row!;
}

export interface BuildQuestionOptions extends Partial<typeof questions.$inferInsert> {
  /** Choice texts with their correctness; defaults to A correct, B–D wrong (qcs). */
  choiceList?: { text: string; isCorrect: boolean }[];
}

export async function buildQuestion(db: Db, options: BuildQuestionOptions = {}) {
  const { choiceList, ...overrides } = options;
  const courseId = overrides.courseId ?? (await buildCourse(db)).id;
  const list = choiceList ?? [
    { text: 'Right', isCorrect: true },
    { text: 'Wrong 1', isCorrect: false },
    { text: 'Wrong 2', isCorrect: false },
    { text: 'Wrong 3', isCorrect: false },
  ];
  const type: QuestionType =
    overrides.type ?? (list.filter((c) => c.isCorrect).length > 1 ? 'qcm' : 'qcs');
  const stem = overrides.stem ?? `Question ${unique()}?`;
  const [question] = await db
    .insert(questions)
    .values({
      stem,
      searchText: [stem, ...list.map((c) => c.text)].join('\n'),
      ...overrides,
      type,
      courseId,
    })
    .returning();
  const rows = await db
    .insert(choices)
    .values(list.map((c, order) => ({ ...c, order, questionId: question!.id })))
    .returning();
  return { ...question!, choices: rows };
}
