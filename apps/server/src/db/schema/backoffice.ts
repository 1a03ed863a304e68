import { index, integer, jsonb, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { questionRef } from './catalogue';
import { users } from './users';
import { createdAt } from './columns';

/** What a question version keeps: its whole editable content (decision 037). */
export interface QuestionSnapshot {
  type: 'qcs' | 'qcm';
  stem: string;
  explanation: string;
  key_point: string;
  tags: string[];
  images: string[];
  course: number;
  source: number | null;
  year: number | null;
  clinical_case: number | null;
  status: string;
  choices: { id: number; text: string; is_correct: boolean; explanation: string }[];
}

/** The version history of a question: one row per saved edit of a live question. */
export const questionVersions = pgTable(
  'question_versions',
  {
    id: serial('id').primaryKey(),
    questionId: questionRef(),
    number: integer('number').notNull(),
    snapshot: jsonb('snapshot').$type<QuestionSnapshot>().notNull(),
    /** The key (correct choice ids) changed from the previous version: answers were re-scored. */
    rescored: integer('rescored').notNull().default(0),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('question_versions_question_number_idx').on(t.questionId, t.number),
    index('question_versions_question_idx').on(t.questionId),
  ],
);
