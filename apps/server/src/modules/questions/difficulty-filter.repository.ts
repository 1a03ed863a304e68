import { sql, type SQL } from 'drizzle-orm';

/**
 * The difficulty filter (`?difficulty=`), the one rule for every list that offers it: the
 * question `questionId` (by default `q.id`, a question list's alias) has a known difficulty in
 * `levels`.
 */
export const difficultyFilterSql = (levels: number[], questionId: SQL = sql`q.id`): SQL =>
  levels.length
    ? sql`exists (select 1 from question_stats qs where qs.question_id = ${questionId} and qs.difficulty in (${sql.join(
        levels.map((l) => sql`${l}`),
        sql`, `,
      )}))`
    : sql`false`;
