import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { QuestionType } from '../../db/schema/index';
import {
  currentSession,
  idList,
  inFreePreviewOfEach,
  rows,
  type Access,
} from './questions.repository';
import type { CatalogueMeta } from './content-cache';

/** An answer as stored in session_questions or history, read through json_build_object. */
export interface StoredAnswer {
  choices: number[];
  is_correct: boolean;
  score: number;
  answered_at: string;
}

/** Per question: what may change at any time (catalogue links, the caller's marks). Never cached. */
export interface QuestionMeta {
  id: number;
  type: QuestionType;
  course_id: number;
  module_id: number;
  year: number | null;
  version: string;
  case_id: number | null;
  case_order: number | null;
  source_id: number | null;
  source_name: string | null;
  source_year: number | null;
  is_free: boolean;
  is_favorite: boolean;
  is_hidden: boolean;
  has_note: boolean;
  playlists: number[];
  answer: StoredAnswer | null;
  history_answer: StoredAnswer | null;
}

const answerJson = (alias: string, at: string) =>
  sql.raw(`json_build_object('choices', ${alias}.choices, 'is_correct', ${alias}.is_correct,
    'score', ${alias}.score, 'answered_at', ${alias}.${at})`);

/**
 * One query for a page of questions: versions for the content cache, source, case position,
 * free-preview flag and the caller's marks and answers. `sessionId` scopes the answers to one
 * session; without it, the caller's current session of each course, then history.
 */
export async function loadQuestionMeta(
  db: Db,
  ids: number[],
  userId: number,
  access: Access,
  sessionId: number | undefined,
): Promise<QuestionMeta[]> {
  if (!ids.length) return [];
  const session = sessionId === undefined ? currentSession(userId) : sql`${sessionId}`;
  const history =
    sessionId === undefined
      ? sql`(select ${answerJson('h', 'created_at')} from question_answer_history h
          where h.user_id = ${userId} and h.question_id = q.id order by h.created_at desc, h.id desc limit 1)`
      : sql`null`;
  return rows<QuestionMeta>(
    db,
    sql`select q.id, q.type, q.course_id, c.module_id, q.year,
      (extract(epoch from q.updated_at) * 1000000)::bigint::text
        || ':' || coalesce((extract(epoch from cc.updated_at) * 1000000)::bigint::text, '') as version,
      q.clinical_case_id as case_id,
      case when q.clinical_case_id is null then null else
        (select count(*)::int from questions q2 where q2.clinical_case_id = q.clinical_case_id
          and q2.is_published and (q2."order", q2.id) <= (q."order", q.id)) end as case_order,
      s.id as source_id, s.name as source_name, s.year as source_year,
      ${access.all ? sql`true` : inFreePreviewOfEach(access.freePerCourse)} as is_free,
      exists (select 1 from favorite_questions m where m.user_id = ${userId} and m.question_id = q.id) as is_favorite,
      exists (select 1 from hide_questions m where m.user_id = ${userId} and m.question_id = q.id) as is_hidden,
      exists (select 1 from note_items m where m.user_id = ${userId} and m.question_id = q.id) as has_note,
      coalesce((select json_agg(pi.playlist_id order by pi.playlist_id) from playlist_items pi
        join playlists p on p.id = pi.playlist_id where pi.question_id = q.id and p.user_id = ${userId}),
        '[]'::json) as playlists,
      (select ${answerJson('sq', 'answered_at')} from session_questions sq
        where sq.session_id = ${session} and sq.question_id = q.id) as answer,
      ${history} as history_answer
    from questions q join courses c on c.id = q.course_id
      left join sources s on s.id = q.source_id
      left join clinical_cases cc on cc.id = q.clinical_case_id
    where q.id in ${idList(ids)}`,
  );
}

/** The content of a question that the cache keeps (stem, choices, vignette, correction). */
export interface QuestionContentRow {
  id: number;
  version: string;
  stem: string;
  explanation: string;
  tags: string[];
  images: string[];
  case_id: number | null;
  vignette: string | null;
  case_images: string[] | null;
}

export interface ChoiceRow {
  id: number;
  question_id: number;
  text: string;
  is_correct: boolean;
  explanation: string;
}

export async function loadQuestionContent(db: Db, ids: number[]) {
  const questions = await rows<QuestionContentRow>(
    db,
    sql`select q.id,
      (extract(epoch from q.updated_at) * 1000000)::bigint::text
        || ':' || coalesce((extract(epoch from cc.updated_at) * 1000000)::bigint::text, '') as version,
      q.stem, q.explanation, q.tags, q.images,
      cc.id as case_id, cc.vignette, cc.images as case_images
    from questions q left join clinical_cases cc on cc.id = q.clinical_case_id
    where q.id in ${idList(ids)}`,
  );
  const choices = await rows<ChoiceRow>(
    db,
    sql`select id, question_id, text, is_correct, explanation from choices
      where question_id in ${idList(ids)} order by question_id, "order", id`,
  );
  return { questions, choices };
}

/** Modules opened by the caller's active subscriptions; `all` when one opens every module. */
export async function activeSubscriptionModules(db: Db, userId: number) {
  const result = await rows<{ all_modules: boolean; module_id: number | null }>(
    db,
    sql`select pu.all_modules, pm.module_id from purchases pu
      left join lateral unnest(pu.module_ids) as pm(module_id) on true
      where pu.user_id = ${userId} and pu.status = 'approved'
        and pu.starts_at <= now() and pu.ends_at > now()`,
  );
  return {
    all: result.some((r) => r.all_modules),
    moduleIds: [...new Set(result.flatMap((r) => (r.module_id === null ? [] : [r.module_id])))],
  };
}

/** One question's place in the catalogue and whether it is in its course's free preview. */
export async function findQuestionAccessRow(db: Db, questionId: number, freePerCourse: number) {
  const [row] = await rows<{
    id: number;
    course_id: number;
    module_id: number;
    type: QuestionType;
    is_published: boolean;
    is_free: boolean;
  }>(
    db,
    sql`select q.id, q.course_id, c.module_id, q.type, q.is_published,
      ${inFreePreviewOfEach(freePerCourse)} as is_free
    from questions q join courses c on c.id = q.course_id where q.id = ${questionId}`,
  );
  return row ?? null;
}

/** Per question: the catalogue links that every reader shares (what the content cache keeps). */
export async function loadCatalogueMeta(db: Db, ids: number[], freePerCourse: number) {
  if (!ids.length) return [];
  return rows<Required<CatalogueMeta>>(
    db,
    sql`select q.id, q.type, q.course_id, c.module_id, q.year, q.is_published,
      case when q.clinical_case_id is null then null else
        (select count(*)::int from questions q2 where q2.clinical_case_id = q.clinical_case_id
          and q2.is_published and (q2."order", q2.id) <= (q."order", q.id)) end as case_order,
      s.id as source_id, s.name as source_name, s.year as source_year,
      ${inFreePreviewOfEach(freePerCourse)} as is_free
    from questions q join courses c on c.id = q.course_id
      left join sources s on s.id = q.source_id
    where q.id in ${idList(ids)}`,
  );
}

/** The caller's marks and answers over one course, as one row of JSON arrays. */
export interface PersonalStateRow {
  favorites: number[];
  hidden: number[];
  noted: number[];
  /** [question id, playlist id] pairs, by playlist id. */
  playlists: [number, number][];
  session_id: number | null;
  /** [question id, answer] in the current session of the course. */
  session_answers: [number, StoredAnswer][];
  /** [question id, latest history answer]. */
  history: [number, StoredAnswer][];
  /** The caller's course filter (source ids), or null. */
  course_sources: number[] | null;
}

/** One query: the caller's state over a course (what the personal cache keeps). */
export async function loadPersonalState(
  db: Db,
  userId: number,
  courseId: number,
): Promise<PersonalStateRow> {
  const marks = (table: string) =>
    sql.raw(`coalesce((select json_agg(distinct m.question_id) from ${table} m
      join questions q on q.id = m.question_id
      where m.user_id = ${Number(userId)} and q.course_id = ${Number(courseId)}), '[]'::json)`);
  const session = sql`(select s.id from sessions s where s.user_id = ${userId}
    and s.course_id = ${courseId} order by s.id desc limit 1)`;
  const [row] = await rows<PersonalStateRow>(
    db,
    sql`select ${marks('favorite_questions')} as favorites,
      ${marks('hide_questions')} as hidden,
      ${marks('note_items')} as noted,
      coalesce((select json_agg(json_build_array(pi.question_id, pi.playlist_id) order by pi.playlist_id)
        from playlist_items pi join playlists p on p.id = pi.playlist_id
        join questions q on q.id = pi.question_id
        where p.user_id = ${userId} and q.course_id = ${courseId}), '[]'::json) as playlists,
      ${session} as session_id,
      coalesce((select json_agg(json_build_array(sq.question_id, ${answerJson('sq', 'answered_at')}))
        from session_questions sq where sq.session_id = ${session}), '[]'::json) as session_answers,
      coalesce((select json_agg(json_build_array(t.question_id, t.answer)) from (
        select distinct on (h.question_id) h.question_id, ${answerJson('h', 'created_at')} as answer
        from question_answer_history h join questions q on q.id = h.question_id
        where h.user_id = ${userId} and q.course_id = ${courseId}
        order by h.question_id, h.created_at desc, h.id desc) t), '[]'::json) as history,
      (select to_json(f.course_sources) from course_filters f
        where f.user_id = ${userId} and f.course_id = ${courseId}) as course_sources`,
  );
  return row!;
}

/** A course's published questions in course order, with their sources; null for no course. */
export async function loadCourseQuestionList(db: Db, courseId: number) {
  const exists = await rows(db, sql`select 1 from courses where id = ${courseId}`);
  if (!exists.length) return null;
  return rows<{ id: number; source_id: number | null; type: QuestionType; in_case: boolean }>(
    db,
    sql`select q.id, q.source_id, q.type, q.clinical_case_id is not null as in_case
      from questions q
      where q.course_id = ${courseId} and q.is_published order by q."order", q.id`,
  );
}

/**
 * The caller's approved purchases that run now or later: what they open now, and when that
 * changes next (a purchase starts or ends).
 */
export async function subscriptionWindow(db: Db, userId: number) {
  return rows<{
    all_modules: boolean;
    module_id: number | null;
    active: boolean;
    changes_at: string;
  }>(
    db,
    sql`select pu.all_modules, pm.module_id, pu.starts_at <= now() as active,
      (case when pu.starts_at > now() then pu.starts_at else pu.ends_at end)::text as changes_at
      from purchases pu
      left join lateral unnest(pu.module_ids) as pm(module_id) on true
      where pu.user_id = ${userId} and pu.status = 'approved' and pu.ends_at > now()`,
  );
}
