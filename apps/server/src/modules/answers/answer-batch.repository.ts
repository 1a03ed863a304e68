import { sql, type SQL } from 'drizzle-orm';
import { executeOnOwnConnection, type Db } from '../../db/client';
import { progressNotice } from '../../lib/invalidation';

/**
 * One answer's row of a batch's `input` (group commit, decision 042): what every write of the
 * batch statement reads. The features' writes are CTEs over `input` (alias `i`), in plain SQL
 * of fixed text, so the statement is parsed and planned once per connection whatever the batch.
 */
export interface AnswerInputRow extends Partial<CardInput> {
  /** The answer's place in its batch; a batch holds one answer per learner and question. */
  ord: number;
  user_id: number;
  question_id: number;
  choices: number[];
  is_correct: boolean;
  score: number;
  time_spent_ms: number;
  mode: string;
  confidence: string | null;
  counted: boolean;
  /** The choices in the order shown, when not the letters' (decision 050). */
  choice_order?: number[] | null;
  course_id: number;
  source_id: number | null;
  /** The answer's time bucket (statistics). */
  bucket: string;
  /** Its session's row, when it is a session's answer. */
  session_id?: number;
  answered_at?: string;
}

/**
 * A card's next state, written only if the stored card is still `card_version` (its xmin): in
 * an answer's row when the answer reschedules its card now (the `card` and `log` CTEs).
 */
export interface CardInput {
  card_id: number;
  card_version: string | null;
  rating: string;
  stability: number;
  difficulty: number;
  reps: number;
  lapses: number;
  state: number;
  learning_steps: number;
  scheduled_days: number;
  last_review: string | null;
  due_at: string;
  updated_at: string;
  log_rating: number;
  log_state: number;
  reviewed_at: string;
  previous: Record<string, unknown> | null;
}

/**
 * The `input` CTE: the rows given as one JSON parameter, typed once here. As `json`, not
 * `jsonb`: the text is read once into the rows, where `jsonb` first built the whole batch's tree
 * (`jsonb_in`, 7 % of the batch statement's PostgreSQL CPU; answers +5 % at 1 worker).
 */
export const answerInput = (rows: object[]): SQL => sql`input as materialized (
  select * from json_to_recordset(${JSON.stringify(rows)}::json) as i(ord int, user_id int,
    question_id int, choices jsonb, is_correct boolean, score real, time_spent_ms int, mode text,
    confidence text, counted boolean, course_id int, source_id int, bucket text, card_id int,
    card_version text, rating text, stability float8, difficulty float8, reps int, lapses int,
    state smallint, learning_steps int, scheduled_days int, last_review timestamptz,
    due_at timestamptz, updated_at timestamptz, log_rating smallint, log_state smallint,
    reviewed_at timestamptz, previous jsonb, session_id int, answered_at timestamptz,
    choice_order jsonb))`;

/**
 * The batch's answers that count for statistics, with `right_` (0 or 1) and `first_`: the
 * learner's first counted answer to the question (the statement's snapshot does not see the
 * batch's own history rows, so: no counted answer before it).
 */
const COUNTED = sql`counted as materialized (
      select i.user_id, i.question_id, i.course_id, i.source_id, i.choices, i.bucket,
        i.time_spent_ms, case when i.is_correct then 1 else 0 end as right_,
        not exists (select 1 from question_answer_history h where h.user_id = i.user_id
          and h.question_id = i.question_id and h.counted) as first_
      from input i where i.counted)`;

/** What the batch statement returns for each of its answers. */
export interface RecordedAnswer {
  id: number;
  createdAt: Date;
  /**
   * The version (xmin) of the card the answer wrote; null when it carried no card write, or the
   * card had changed since it was read (then nothing was written).
   */
  cardVersion: string | null;
  /** The session answer's id, for a session's answer. */
  savedId: number | null;
}

/**
 * Records a batch of answers as ONE statement: the history rows (`hist`) and the effects'
 * writes (`effects/index.ts`; the sessions' `saved` and the cards' `card` are read back), which see the statement's snapshot (not each other's rows) and its now(),
 * and, on a PostgreSQL server, each learner's `progress` notice for the other instances.
 * One round trip and one commit for the whole batch. Rows come back in `ord` order.
 */
export async function recordAnswerBatch(
  db: Db,
  rows: AnswerInputRow[],
  writes: SQL[],
): Promise<RecordedAnswer[]> {
  // Other instances hear of the answers when the statement commits (a CTE runs only if used).
  const notice = progressNotice(db, sql`user_id`);
  const statement = sql`with ${answerInput(rows)},
    hist as (insert into question_answer_history (user_id, question_id, choices, is_correct, score,
        time_spent_ms, mode, confidence, counted, choice_order)
      select user_id, question_id, choices, is_correct, score, time_spent_ms, mode, confidence,
        counted, choice_order
      from input order by user_id
      returning id, user_id, question_id, created_at),
    ${COUNTED},
    ${sql.join(writes, sql`, `)}${
      notice
        ? sql`,
    notices as (select ${notice} from (select distinct user_id from input) u)`
        : sql``
    }
    select h.id, (extract(epoch from h.created_at) * 1000)::float8 as created_ms,
      (select c.version from card c where c.user_id = i.user_id
        and c.question_id = i.card_id) as card_version,
      (select s.id from saved s where s.user_id = i.user_id
        and s.question_id = i.question_id) as saved_id
      ${notice ? sql`, (select count(*) from notices) as notices` : sql``}
    from input i join hist h on h.user_id = i.user_id and h.question_id = i.question_id
    order by i.ord`;
  const returned = await executeOnOwnConnection<{
    id: number;
    created_ms: number;
    card_version: string | null;
    saved_id: number | null;
  }>(db, statement);
  return returned.map((r) => ({
    id: r.id,
    createdAt: new Date(r.created_ms),
    cardVersion: r.card_version,
    savedId: r.saved_id,
  }));
}
