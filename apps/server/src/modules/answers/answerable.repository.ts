import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { choices, courses, questions } from '../../db/schema/index';

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
