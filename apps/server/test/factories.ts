import { termsOf } from '../src/modules/subscriptions/subscriptions.repository';
import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client';
import type { App } from '../src/app';
import {
  choices,
  courseFilters,
  courses,
  favoriteQuestions,
  hideQuestions,
  modules,
  noteItems,
  planModules,
  plans,
  playlistItems,
  playlists,
  purchases,
  questionAnswerHistory,
  questions,
  sessionQuestions,
  sessions,
  sources,
  users,
  type QuestionType,
} from '../src/db/schema/index';
import { issueToken } from '../src/lib/auth';
import { publishUserChange } from '../src/lib/invalidation';
import { hashPassword } from '../src/lib/passwords';
import { multipartPayload, pngImage, type FilePart } from './uploads';

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

// ---------------------------------------------------------------- plans and purchases

export type Headers = { authorization: string };

export async function buildPlan(
  db: Db,
  overrides: Partial<typeof plans.$inferInsert> & { moduleIds?: number[] } = {},
) {
  const { moduleIds = [], ...fields } = overrides;
  const [plan] = await db
    .insert(plans)
    .values({
      name: 'Cardiology 30 days',
      price: '12.00',
      currency: 'EUR',
      durationDays: 30,
      allModules: moduleIds.length === 0,
      ...fields,
    })
    .returning();
  if (moduleIds.length)
    await db
      .insert(planModules)
      .values(moduleIds.map((moduleId) => ({ planId: plan!.id, moduleId })));
  return plan!;
}

/** POST /api/buysubscription/ with a PNG receipt unless `files` says otherwise. */
export async function buy(
  app: App,
  headers: Headers,
  fields: Record<string, string>,
  files?: FilePart[],
) {
  const body = await multipartPayload(
    fields,
    files ?? [{ field: 'receipt', filename: 'receipt.png', data: await pngImage() }],
  );
  return app.inject({
    method: 'POST',
    url: '/api/buysubscription/',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

// ---------------------------------------------------------------- a learner's records
/**
 * The caller's records, written straight to the tables, then published like the API's writes
 * do (the invalidation plugin), so cached question pages see them.
 */

const DAY = 24 * 60 * 60 * 1000;

/** An approved purchase running now (or, with `expired`, ended yesterday). */
export async function subscribe(
  db: Db,
  userId: number,
  options: { moduleIds?: number[]; expired?: boolean; status?: 'approved' | 'pending' } = {},
) {
  const moduleIds = options.moduleIds ?? [];
  const [plan] = await db
    .insert(plans)
    .values({
      name: 'Plan',
      price: '10.00',
      currency: 'EUR',
      durationDays: 30,
      allModules: !moduleIds.length,
    })
    .returning();
  if (moduleIds.length)
    await db
      .insert(planModules)
      .values(moduleIds.map((moduleId) => ({ planId: plan!.id, moduleId })));
  const now = Date.now();
  await db.insert(purchases).values({
    userId,
    planId: plan!.id,
    ...termsOf(plan!, moduleIds),
    status: options.status ?? 'approved',
    startsAt: new Date(now - (options.expired ? 40 : 1) * DAY),
    endsAt: new Date(now + (options.expired ? -1 : 29) * DAY),
  });
  await publishUserChange(db, userId);
}

export async function startSession(db: Db, userId: number, courseId: number | null) {
  const [row] = await db.insert(sessions).values({ userId, courseId }).returning();
  await publishUserChange(db, userId);
  return row!;
}

export async function answerInSession(
  db: Db,
  session: { id: number; userId: number },
  questionId: number,
  answer: { choices: number[]; isCorrect: boolean; answeredAt?: Date },
) {
  await db.insert(sessionQuestions).values({
    sessionId: session.id,
    userId: session.userId,
    questionId,
    choices: answer.choices,
    isCorrect: answer.isCorrect,
    score: answer.isCorrect ? 1 : 0,
    ...(answer.answeredAt ? { answeredAt: answer.answeredAt } : {}),
  });
  await publishUserChange(db, session.userId);
}

export async function answerInHistory(
  db: Db,
  userId: number,
  questionId: number,
  answer: { choices: number[]; isCorrect: boolean },
) {
  await db.insert(questionAnswerHistory).values({
    userId,
    questionId,
    choices: answer.choices,
    isCorrect: answer.isCorrect,
    score: answer.isCorrect ? 1 : 0,
    mode: 'study',
  });
  await publishUserChange(db, userId);
}

export async function favorite(db: Db, userId: number, questionId: number) {
  await db.insert(favoriteQuestions).values({ userId, questionId });
  await publishUserChange(db, userId);
}
export async function hide(db: Db, userId: number, questionId: number) {
  await db.insert(hideQuestions).values({ userId, questionId });
  await publishUserChange(db, userId);
}
export async function note(db: Db, userId: number, questionId: number) {
  await db.insert(noteItems).values({ userId, questionId, content: 'Remember this' });
  await publishUserChange(db, userId);
}
export async function filterCourse(
  db: Db,
  userId: number,
  courseId: number,
  courseSources: number[],
) {
  await db.insert(courseFilters).values({ userId, courseId, courseSources });
  await publishUserChange(db, userId);
}

export async function buildPlaylist(db: Db, userId: number, questionIds: number[]) {
  const [playlist] = await db.insert(playlists).values({ userId, name: 'Revision' }).returning();
  if (questionIds.length) {
    await db
      .insert(playlistItems)
      .values(
        questionIds.map((questionId, order) => ({ playlistId: playlist!.id, questionId, order })),
      );
  }
  await publishUserChange(db, userId);
  return playlist!;
}
