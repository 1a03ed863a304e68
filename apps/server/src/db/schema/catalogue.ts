import type { QUESTION_KINDS, QuestionStatus, SCORING_RULES } from '@qbank/contract/constants';
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns';

type ScoringRule = (typeof SCORING_RULES)[number];

/**
 * What near-duplicate detection looks candidates up by (decision 051): a stem's first 120
 * characters without HTML tags or Markdown link targets. A trigram lookup costs about the
 * number of the probe's trigrams times their posting lists: 120 characters took 9 ms a probe
 * against 20,000 stems where a whole stem (~210) took 40 and the whole text 140. Candidates are
 * then confirmed on the whole text. Literal SQL, no parameters: the trigram index below is on
 * this exact expression, and the planner uses it only for a query that repeats it.
 */
export const stemKey = (stem: SQL) =>
  sql`left(regexp_replace(${stem}, '<[^>]*>|[]][(][^)]*[)]', ' ', 'g'), 120)`;

/** A subject, e.g. "Cardiology". */
export const modules = pgTable('modules', {
  id: serial('id').primaryKey(),
  externalId: varchar('external_id', { length: 200 }).unique(),
  name: varchar('name', { length: 200 }).notNull(),
  description: text('description').notNull().default(''),
  image: text('image'),
  order: integer('order').notNull().default(0),
  createdAt: createdAt(),
  /** Archived by staff: hidden from learners' catalogue, kept with its questions. */
  isArchived: boolean('is_archived').notNull().default(false),
});

/** A topic of a module, e.g. "Heart failure". */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    externalId: varchar('external_id', { length: 200 }).unique(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    order: integer('order').notNull().default(0),
    isArchived: boolean('is_archived').notNull().default(false),
  },
  (t) => [index('courses_module_idx').on(t.moduleId, t.order)],
);

/** An exam session, e.g. "Algiers residency exam 2019", belonging to a module. */
export const sources = pgTable(
  'sources',
  {
    id: serial('id').primaryKey(),
    externalId: varchar('external_id', { length: 200 }).unique(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    year: integer('year'),
    order: integer('order').notNull().default(0),
    isArchived: boolean('is_archived').notNull().default(false),
    /** Set by staff: the source is a past paper, sat in this many minutes (issue 35). */
    timeLimitMinutes: integer('time_limit_minutes'),
    /** The paper's own scoring rule for its qcm (decision 052). */
    scoring: varchar('scoring', { length: 16 }).$type<ScoringRule>().notNull().default('partial'),
  },
  (t) => [index('sources_module_idx').on(t.moduleId, t.order)],
);

/** A clinical case: an ordered group of questions sharing one vignette. */
export const clinicalCases = pgTable('clinical_cases', {
  id: serial('id').primaryKey(),
  externalId: varchar('external_id', { length: 200 }).unique(),
  courseId: integer('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' }),
  vignette: text('vignette').notNull(),
  /** Media keys of the vignette's images. */
  images: jsonb('images').$type<string[]>().notNull().default([]),
  /** Version of the vignette for the question content cache; bumped by every Drizzle update. */
  updatedAt: moment('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export { QUESTION_KINDS as QUESTION_TYPES, QUESTION_STATUSES } from '@qbank/contract/constants';
export type { QuestionStatus };
export type QuestionType = (typeof QUESTION_KINDS)[number];

export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    /** Identity in an imported file: a re-import updates, never duplicates. */
    externalId: varchar('external_id', { length: 200 }).unique(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'set null' }),
    clinicalCaseId: integer('clinical_case_id').references(() => clinicalCases.id, {
      onDelete: 'set null',
    }),
    type: varchar('type', { length: 8 }).$type<QuestionType>().notNull(),
    stem: text('stem').notNull(),
    explanation: text('explanation').notNull().default(''),
    year: integer('year'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Media keys of the question's images. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    order: integer('order').notNull().default(0),
    /** Stem, choices and explanation as one text, for full-text search. */
    searchText: text('search_text').notNull().default(''),
    isPublished: boolean('is_published').notNull().default(true),
    /**
     * Editorial workflow (decision 037): draft → in_review → live → withdrawn. `is_published`
     * stays the read path's flag and is kept equal to `status = 'live'` by the staff service.
     */
    status: varchar('status', { length: 16 }).$type<QuestionStatus>().notNull().default('live'),
    /** One line a learner should remember. */
    keyPoint: text('key_point').notNull().default(''),
    createdAt: createdAt(),
    /** Version of the content for the question content cache; bumped by every Drizzle update. */
    updatedAt: moment('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('questions_course_order_idx').on(t.courseId, t.order, t.id),
    // qbank_search: the simple parser with accents folded (migration 0019, decision 053). No
    // pending list (fastupdate off): on PGlite no autovacuum ever merges it, and a search
    // then reads the whole list (0.5 s on the demo bank after its load). "Similar questions"
    // take their candidates here too, by the question's rarest words (decision 057).
    index('questions_search_idx')
      .using('gin', sql`to_tsvector('qbank_search', ${t.searchText})`)
      .with({ fastupdate: false }),
    // Near-duplicate candidates: the stem key's trigrams (decision 051).
    index('questions_stem_trgm_idx')
      .using('gin', sql`${stemKey(sql`${t.stem}`)} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('questions_source_idx').on(t.sourceId),
    index('questions_case_idx').on(t.clinicalCaseId),
    // The few unpublished questions, so a personal list (the mistakes shelf) leaves them out
    // without reading every question it holds.
    index('questions_unpublished_idx')
      .on(t.id)
      .where(sql`not ${t.isPublished}`),
    // The exam builder's live counts read every published question's course, type and source
    // (decision 050): an index-only scan of these few columns, not the wide rows' pages.
    index('questions_published_facets_idx')
      .on(t.courseId, t.type, t.sourceId, t.id)
      .where(sql`${t.isPublished}`),
  ],
);

/** A lettered choice (A, B, C… by order). */
export const choices = pgTable(
  'choices',
  {
    id: serial('id').primaryKey(),
    questionId: questionRef(),
    text: text('text').notNull(),
    isCorrect: boolean('is_correct').notNull().default(false),
    explanation: text('explanation').notNull().default(''),
    order: integer('order').notNull().default(0),
  },
  (t) => [uniqueIndex('choices_question_order_idx').on(t.questionId, t.order)],
);

/** The question a row belongs to: required, and the row goes with the question. */
export function questionRef() {
  return integer('question_id')
    .notNull()
    .references(() => questions.id, { onDelete: 'cascade' });
}
