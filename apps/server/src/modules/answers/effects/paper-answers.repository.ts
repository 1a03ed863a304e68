import type { ScoringRule } from '@qbank/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { AnswerEffect, KeyChange } from './effect';

/**
 * The answers of exam sittings (`paper_answers`, decision 052): a past paper's or a mock exam's
 * own record, scored at the close with the paper's rule, and each sitting's total in
 * `paper_attempts.score`, which the ranking, distribution and exports read. Owner: the papers
 * feature. A key change re-scores closed sittings (an open one is scored at its close with the
 * new key anyway), so ranks follow the corrected key.
 */

const rowsOf = async <T>(result: Promise<unknown>) =>
  (await (result as Promise<{ rows: T[] }>)).rows;

/** Closed sittings' answers to the question get their new scores, then the sittings' totals. */
async function rescore(db: Db, change: KeyChange): Promise<number> {
  const answers = await rowsOf<{
    attempt_id: number;
    choices: number[];
    score: number;
    scoring: ScoringRule;
  }>(
    db.execute(sql`
      select pa.attempt_id, pa.choices, pa.score, a.scoring
      from paper_answers pa join paper_attempts a on a.id = pa.attempt_id
      where pa.question_id = ${change.questionId} and a.submitted_at is not null
        and pa.score is not null`),
  );
  const changed = answers.flatMap((a) => {
    const score = change.scoreWith(a.choices, a.scoring);
    return Math.abs(score - a.score) >= 1e-6 ? [{ attempt: a.attempt_id, score }] : [];
  });
  if (!changed.length) return 0;
  const attempts = `{${changed.map((c) => c.attempt).join(',')}}`;
  const scores = `{${changed.map((c) => c.score).join(',')}}`;
  await db.execute(sql`
    update paper_answers pa set score = v.score
    from (select unnest(${attempts}::int[]) as attempt_id, unnest(${scores}::real[]) as score) v
    where pa.attempt_id = v.attempt_id and pa.question_id = ${change.questionId}`);
  // The total as the close stores it: the sum of the answers' scores, at a hundredth.
  await db.execute(sql`
    update paper_attempts a set score = round(coalesce((select sum(pa.score)::numeric
        from paper_answers pa where pa.attempt_id = a.id), 0), 2)
    where a.id = any(${attempts}::int[])`);
  return changed.length;
}

export const paperAnswersEffect: AnswerEffect = {
  name: 'exam sittings',
  tables: [],
  // A sitting's answers are saved by the papers feature until its close, not by the batch.
  apply: null,
  // The sitting's own record, not derived from the history (a deleted history entry leaves it).
  recount: null,
  rescore,
};
