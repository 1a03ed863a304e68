import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { executePrepared, type Db } from '../../db/client';
import { choices, courses, questionAnswerHistory, questions } from '../../db/schema/index';

export type HistoryRow = typeof questionAnswerHistory.$inferSelect;
export type NewHistoryRow = typeof questionAnswerHistory.$inferInsert;

interface Window {
  limit: number;
  offset: number;
}

export interface AnswerableQuestion {
  id: number;
  courseId: number;
  moduleId: number;
  sourceId: number | null;
  type: 'qcs' | 'qcm';
  explanation: string;
  choices: { id: number; isCorrect: boolean; explanation: string; order: number }[];
}

/** Published questions with their choices (in letter order), by id. */
export async function findAnswerableQuestions(
  db: Db,
  ids: number[],
): Promise<Map<number, AnswerableQuestion>> {
  const found = new Map<number, AnswerableQuestion>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      id: questions.id,
      courseId: questions.courseId,
      moduleId: courses.moduleId,
      sourceId: questions.sourceId,
      type: questions.type,
      explanation: questions.explanation,
    })
    .from(questions)
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(and(inArray(questions.id, ids), eq(questions.isPublished, true)));
  for (const row of rows) found.set(row.id, { ...row, choices: [] });
  if (found.size === 0) return found;
  const choiceRows = await db
    .select({
      id: choices.id,
      questionId: choices.questionId,
      isCorrect: choices.isCorrect,
      explanation: choices.explanation,
      order: choices.order,
    })
    .from(choices)
    .where(inArray(choices.questionId, [...found.keys()]))
    .orderBy(asc(choices.questionId), asc(choices.order), asc(choices.id));
  for (const { questionId, ...choice } of choiceRows) found.get(questionId)?.choices.push(choice);
  return found;
}

/** A write that belongs to an answer (its session's row): a named common table expression. */
export interface AnswerWrite {
  name: string;
  /** An INSERT or UPDATE that returns `id`, in plain SQL (the answer's statement is hot). */
  write: SQL;
}

/**
 * Runs an answer as ONE statement: the history row (`hist`), the other features' writes (named
 * CTEs, which see the statement's snapshot, not each other's rows, and use its now()) and the
 * caller's `also` writes. Returns the history row's id and instant, whether the guarded card
 * write (a `card` CTE, when `hasCard`) went through, and the id each `also` write returned.
 */
export async function recordAnswerRows(
  db: Db,
  answer: { history: NewHistoryRow; writes: SQL[]; hasCard: boolean; also: AnswerWrite[] },
) {
  const h = answer.history;
  // Plain SQL rather than the query builder: this statement is built for every answer, and
  // walking the builder's column objects cost more than the database's work on it.
  const history = sql`insert into question_answer_history (user_id, question_id, choices,
      is_correct, score, time_spent_ms, mode, confidence, counted)
    values (${h.userId}, ${h.questionId}, ${JSON.stringify(h.choices)}::jsonb, ${h.isCorrect},
      ${h.score}, ${h.timeSpentMs ?? 0}, ${h.mode}, ${h.confidence ?? null}, ${h.counted ?? true})
    returning id, created_at`;
  const writes = [
    sql`hist as (${history})`,
    ...answer.writes,
    ...answer.also.map((a) => sql`${sql.identifier(a.name)} as (${a.write})`),
  ];
  const returned = [
    sql`(select id from hist) as history_id`,
    sql`(select extract(epoch from created_at) * 1000 from hist)::float8 as created_ms`,
    answer.hasCard ? sql`(select count(*) from card)::int as card_written` : sql`1 as card_written`,
    ...answer.also.map(
      (a) => sql`(select id from ${sql.identifier(a.name)}) as ${sql.identifier(a.name)}`,
    ),
  ];
  const statement = sql`with ${sql.join(writes, sql`, `)} select ${sql.join(returned, sql`, `)}`;
  const [row] = await executePrepared<Record<string, number | null>>(db, statement);
  return {
    id: row!.history_id!,
    createdAt: new Date(row!.created_ms!),
    cardWritten: row!.card_written === 1,
    also: Object.fromEntries(answer.also.map((a) => [a.name, row![a.name] ?? null])),
  };
}

export interface HistoryFilters {
  module?: number;
  course?: number;
  question?: number;
  isCorrect?: boolean;
}

const historyWhere = (userId: number, f: HistoryFilters): SQL | undefined =>
  and(
    eq(questionAnswerHistory.userId, userId),
    f.question ? eq(questionAnswerHistory.questionId, f.question) : undefined,
    f.course ? eq(questions.courseId, f.course) : undefined,
    f.module ? eq(courses.moduleId, f.module) : undefined,
    f.isCorrect === undefined ? undefined : eq(questionAnswerHistory.isCorrect, f.isCorrect),
  );

/** The user's history, newest first, with a summary of each question. */
export async function listHistory(db: Db, userId: number, f: HistoryFilters, window: Window) {
  const where = historyWhere(userId, f);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(questionAnswerHistory)
    .innerJoin(questions, eq(questions.id, questionAnswerHistory.questionId))
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(where);
  const rows = await db
    .select({
      entry: questionAnswerHistory,
      stem: sql<string>`left(${questions.stem}, 200)`,
      courseId: questions.courseId,
      moduleId: courses.moduleId,
    })
    .from(questionAnswerHistory)
    .innerJoin(questions, eq(questions.id, questionAnswerHistory.questionId))
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .where(where)
    .orderBy(desc(questionAnswerHistory.createdAt), desc(questionAnswerHistory.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total, rows };
}

/** Deletes one of the user's entries; the deleted row, or undefined when there is none. */
export async function deleteHistory(
  db: Db,
  userId: number,
  id: number,
): Promise<HistoryRow | undefined> {
  const [row] = await db
    .delete(questionAnswerHistory)
    .where(and(eq(questionAnswerHistory.id, id), eq(questionAnswerHistory.userId, userId)))
    .returning();
  return row;
}
