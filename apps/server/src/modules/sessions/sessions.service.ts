import { invalidPk } from '@qbank/contract';
import type {
  Cleared,
  Session,
  SessionListQuery,
  SessionResume,
  sessionCreateSchema,
  startNewSessionSchema,
} from '@qbank/contract';
import type { z } from 'zod';
import type { ServiceDeps } from '../../lib/deps';
import type { Db } from '../../db/client';
import type { User } from '../../lib/auth';
import { badRequest, nonFieldError, notFound } from '../../lib/errors';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import { courseCounts } from '../catalogue/catalogue-counts';
import { cachesReady } from '../../lib/cache';
import { getCourseList } from '../questions/content-cache';
import { getPersonalState } from '../questions/personal-cache';
import * as repo from './sessions.repository';

/** Positions in a question list are given for pages of 10, like the seed's player. */
export const POSITION_PAGE_SIZE = 10;
export const START_NEW_SESSION_MESSAGE = 'Either sessionId or courseId must be provided.';

type Deps = Pick<ServiceDeps, 'db'>;
type SessionCreateInput = z.output<typeof sessionCreateSchema>;
type StartNewSessionInput = z.output<typeof startNewSessionSchema>;

/** Serializes sessions with their counts (two grouped queries for the whole page). */
async function toSessions(
  db: Db,
  rows: repo.SessionRow[],
  counted?: Map<number, { answered: number; correct: number }>,
): Promise<Session[]> {
  const stats =
    counted ??
    (await repo.sessionStats(
      db,
      rows.map((r) => r.id),
    ));
  const courseIds = [...new Set(rows.flatMap((r) => (r.courseId ? [r.courseId] : [])))];
  // Live questions per course: counted once and cached until content changes (decision 042).
  const counts = await courseCounts(db, courseIds);
  const totals = new Map([...counts].map(([id, c]) => [id, c.total]));
  return rows.map((row) => {
    const s = stats.get(row.id) ?? { answered: 0, correct: 0 };
    return {
      id: row.id,
      course: row.courseId,
      name: row.name,
      question_ids: row.questionIds,
      is_finished: row.isFinished,
      answered: s.answered,
      correct: s.correct,
      total: row.courseId ? (totals.get(row.courseId) ?? 0) : (row.questionIds?.length ?? 0),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

const toSession = async (db: Db, row: repo.SessionRow) => (await toSessions(db, [row]))[0]!;

/** One of the user's sessions, or 404 (another user's too). */
export async function ownSession({ db }: Deps, user: User, id: number): Promise<repo.SessionRow> {
  const session = await repo.findSession(db, user.id, id);
  if (!session) throw notFound();
  return session;
}

export async function listSessions({ db }: Deps, user: User, query: SessionListQuery) {
  const { total, rows } = await repo.listSessions(
    db,
    user.id,
    { courseId: query.course, isFinished: query.is_finished },
    pageWindow(query),
  );
  assertPageExists(query, total);
  return { total, results: await toSessions(db, rows) };
}

export async function getSession({ db }: Deps, user: User, id: number): Promise<Session> {
  return toSession(db, await ownSession({ db }, user, id));
}

async function assertCourse(db: Db, courseId: number, field: string) {
  const course = await repo.findCourse(db, courseId);
  if (!course) throw badRequest(field, invalidPk(courseId));
  return course;
}

/**
 * `{course_id}`: the caller's current pass through that course (created when there is none);
 * `{name, question_ids}`: a new custom set. `created` tells 201 from 200.
 */
export async function createSession(
  { db }: Deps,
  user: User,
  input: SessionCreateInput,
): Promise<{ created: boolean; session: Session }> {
  if (input.course_id !== undefined && input.question_ids !== undefined) {
    throw nonFieldError('Give either course_id or question_ids, not both.');
  }
  if (input.course_id !== undefined) {
    const course = await assertCourse(db, input.course_id, 'course_id');
    const open = await repo.findOpenCourseSession(db, user.id, course.id);
    if (open) return { created: false, session: await toSession(db, open) };
    const row = await repo.insertSession(db, {
      userId: user.id,
      courseId: course.id,
      name: input.name || course.name,
    });
    return { created: true, session: await toSession(db, row) };
  }
  if (input.question_ids === undefined) {
    throw nonFieldError('Either course_id or question_ids must be provided.');
  }
  const ids = [...new Set(input.question_ids)];
  const published = await repo.publishedQuestionIds(db, ids);
  const missing = ids.find((id) => !published.has(id));
  if (missing !== undefined) throw badRequest('question_ids', invalidPk(missing));
  const row = await repo.insertSession(db, {
    userId: user.id,
    name: input.name ?? '',
    questionIds: ids,
  });
  return { created: true, session: await toSession(db, row) };
}

export async function deleteSession({ db }: Deps, user: User, id: number): Promise<void> {
  if (!(await repo.deleteSession(db, user.id, id))) throw notFound();
}

/** Removes a session's answers; the session stays. */
export async function clearSession({ db }: Deps, user: User, id: number): Promise<Session> {
  const session = await ownSession({ db }, user, id);
  await repo.clearSessionAnswers(db, session.id);
  return toSession(db, await repo.updateSession(db, session.id, { updatedAt: new Date() }));
}

/** Restarts a session: answers cleared, open again, and the course's only open pass. */
async function restartSession({ db }: Deps, user: User, id: number): Promise<Session> {
  const session = await ownSession({ db }, user, id);
  return db.transaction(async (tx) => {
    if (session.courseId) await repo.finishCourseSessions(tx, user.id, session.courseId);
    await repo.clearSessionAnswers(tx, session.id);
    const row = await repo.updateSession(tx, session.id, {
      isFinished: false,
      updatedAt: new Date(),
    });
    return toSession(tx, row);
  });
}

/**
 * `session_id`: restart that session (answers cleared); `course_id`: a fresh pass through the
 * course, the previous one marked finished. A session id wins when both are given.
 */
export async function startNewSession(
  { db }: Deps,
  user: User,
  input: StartNewSessionInput,
): Promise<{ created: boolean; session: Session }> {
  const sessionId = input.session_id ?? input.sessionId;
  const courseId = input.course_id ?? input.courseId;
  if (sessionId !== undefined) {
    return { created: false, session: await restartSession({ db }, user, sessionId) };
  }
  if (courseId === undefined) throw nonFieldError(START_NEW_SESSION_MESSAGE);
  const course = await assertCourse(
    db,
    courseId,
    input.course_id !== undefined ? 'course_id' : 'courseId',
  );
  const row = await db.transaction(async (tx) => {
    await repo.finishCourseSessions(tx, user.id, course.id);
    return repo.insertSession(tx, { userId: user.id, courseId: course.id, name: course.name });
  });
  return { created: true, session: await toSession(db, row) };
}

export async function clearCourseProgress(
  { db }: Deps,
  user: User,
  courseId: number,
): Promise<Cleared> {
  await assertCourse(db, courseId, 'course_id');
  return { cleared: await repo.clearAnswersOfCourses(db, user.id, { courseId }) };
}

export async function clearModuleProgress(
  { db }: Deps,
  user: User,
  moduleId: number,
): Promise<Cleared> {
  if (!(await repo.moduleExists(db, moduleId))) throw badRequest('module_id', invalidPk(moduleId));
  return { cleared: await repo.clearAnswersOfCourses(db, user.id, { moduleId }) };
}

/** The caller's unfinished sessions with at least one answer, and where to pick each up. */
/**
 * The first unanswered question of each session with its 0-based position: a course session
 * reads its course's question list from the cache and its own answers (decision 042); a custom
 * session asks the database.
 */
async function firstUnansweredOf(
  db: Db,
  rows: repo.SessionRow[],
  answered: Awaited<ReturnType<typeof repo.answeredIn>>,
  freePerCourse: number,
) {
  return Promise.all(
    rows.map(async (row) => {
      if (!row.courseId) return repo.firstUnanswered(db, row);
      const list = await getCourseList(db, row.courseId, freePerCourse);
      const done = answered.get(row.id)?.questionIds ?? new Set<number>();
      const position = list ? list.ids.findIndex((id) => !done.has(id)) : -1;
      return position < 0 ? undefined : { questionId: list!.ids[position]!, position };
    }),
  );
}

type Answered = Awaited<ReturnType<typeof repo.answeredIn>>;

/**
 * The questions answered in each session, with the counts. A course's current session comes
 * from the caller's cached course state when warm (the same rows, kept exact by the caches'
 * rules, decision 042), so resuming does not read answers in proportion to the learner's
 * history; the other sessions in one grouped read.
 */
async function answersOf(db: Db, user: User, rows: repo.SessionRow[]): Promise<Answered> {
  const answered: Answered = new Map();
  const rest: number[] = [];
  for (const row of rows) {
    const state =
      row.courseId && cachesReady(db) ? await getPersonalState(db, user.id, row.courseId) : null;
    if (state?.sessionId !== row.id) {
      rest.push(row.id);
      continue;
    }
    let correct = 0;
    for (const answer of state.sessionAnswers.values()) if (answer.is_correct) correct++;
    const questionIds = new Set(state.sessionAnswers.keys());
    answered.set(row.id, { questionIds, answered: questionIds.size, correct });
  }
  for (const [id, entry] of await repo.answeredIn(db, rest)) answered.set(id, entry);
  return answered;
}

export async function resumeSessions(
  { db, config }: Pick<ServiceDeps, 'db' | 'config'>,
  user: User,
): Promise<SessionResume[]> {
  const freePerCourse = config.freeQuestionsPerCourse;
  const rows = await repo.listResumable(db, user.id);
  const courseIds = [...new Set(rows.flatMap((r) => (r.courseId ? [r.courseId] : [])))];
  const [answered, courses] = await Promise.all([
    answersOf(db, user, rows),
    repo.courseNames(db, courseIds),
  ]);
  const [firsts, sessions] = await Promise.all([
    firstUnansweredOf(db, rows, answered, freePerCourse),
    toSessions(db, rows, answered),
  ]);
  return Promise.all(
    rows.map(async (row, i) => {
      const s = sessions[i]!;
      const course = row.courseId ? courses.get(row.courseId) : undefined;
      const first = firsts[i];
      return {
        session_id: row.id,
        name: row.name,
        course: course ? { id: course.id, name: course.name, module: course.moduleId } : null,
        answered: s.answered,
        total: s.total,
        correct: s.correct,
        first_unanswered: first
          ? {
              question_id: first.questionId,
              page: Math.floor(first.position / POSITION_PAGE_SIZE) + 1,
              index: first.position % POSITION_PAGE_SIZE,
            }
          : null,
        updated_at: row.updatedAt.toISOString(),
      };
    }),
  );
}
