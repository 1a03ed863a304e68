import fs from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { buildModule, buildUser } from '../../../test/factories';
import { personalQuestionIds, questionQueries, type QuestionScope } from './questions.repository';
import { startSession } from '../../../test/factories';

/**
 * Issue 3 "Speed, measured": on a few thousand generated rows, the statements of the question
 * read path use indexes, never a sequential scan of questions or answer history. Set
 * QBANK_EXPLAIN_FILE to write the plans out (they are recorded in docs/decisions).
 */
const { database } = await setupTestApp();
const db = database.db;

const COURSES = 40;
const PER_COURSE = 100;

async function explain(query: SQL): Promise<string> {
  const result = (await db.execute(sql`explain ${query}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('query plans of the question read path', () => {
  it('uses indexes on a generated bank', async () => {
    const module = await buildModule(db);
    const { user } = await buildUser(db);
    await db.execute(sql`insert into courses (module_id, name, "order")
      select ${module.id}, 'Course ' || g, g from generate_series(1, ${COURSES}) g`);
    await db.execute(sql`insert into sources (module_id, name, year, "order")
      select ${module.id}, 'Exam ' || g, 2000 + g, g from generate_series(1, 20) g`);
    await db.execute(sql`insert into questions (course_id, source_id, type, stem, search_text, "order")
      select c.id, (select min(id) from sources) + (g % 20), case when g % 3 = 0 then 'qcm' else 'qcs' end,
        'Stem ' || g, 'stem word' || g || ' ' || md5(c.id::text || g::text), g
      from courses c, generate_series(1, ${PER_COURSE}) g where c.module_id = ${module.id}`);
    await db.execute(sql`insert into question_answer_history (user_id, question_id, choices, is_correct, score, mode)
      select u.id, q.id, '[]'::jsonb, q.id % 2 = 0, 0, 'study'
      from users u, questions q where q.id % 4 <> 0`);
    await db.execute(sql`insert into favorite_questions (user_id, question_id)
      select ${user.id}, id from questions where id % 50 = 0`);
    const [first] = (
      (await db.execute(
        sql`select id from courses where module_id = ${module.id} order by id limit 1`,
      )) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const courseId = first!.id;
    const session = await startSession(db, user.id, courseId);
    await db.execute(sql`insert into session_questions (session_id, user_id, question_id, choices, is_correct, score)
      select ${session.id}, ${user.id}, id, '[]'::jsonb, true, 1 from questions
      where course_id = ${courseId} and "order" <= 30`);
    await db.execute(sql`analyze`);

    const favoriteIds = await personalQuestionIds(db, user.id, 'favorites');
    const course: QuestionScope = { userId: user.id, courseIds: [courseId] };
    const window = { limit: 10, offset: 0 };
    const plans: [string, SQL][] = [
      ['list of a course (page)', questionQueries.page(course, 'order', window)],
      ['list of a course (count)', questionQueries.count(course)],
      ['whole bank, first page', questionQueries.page({ userId: user.id }, 'order', window)],
      [
        'unanswered in a session (count)',
        questionQueries.count({ ...course, unanswered: true, sessionId: session.id }),
      ],
      [
        'incorrect, current session then history (page)',
        questionQueries.page({ ...course, incorrect: true }, 'order', window),
      ],
      ['full-text search (count)', questionQueries.count({ userId: user.id, search: 'word17' })],
      ['questnstypes of a course', questionQueries.types(course)],
      ['first unanswered of a course', questionQueries.firstUnanswered(course, session.id)],
      [
        'favourite questions (page of the marked ids)',
        questionQueries.page(
          { userId: user.id, onlyIds: favoriteIds, hidden: 'any' },
          'given',
          window,
        ),
      ],
      [
        'favourite questions (count)',
        questionQueries.count({ userId: user.id, onlyIds: favoriteIds, hidden: 'any' }),
      ],
    ];
    const out: string[] = [];
    for (const [name, query] of plans) {
      const plan = await explain(query);
      out.push(`### ${name}\n\n\`\`\`\n${plan}\n\`\`\`\n`);
      expect(plan, name).not.toMatch(/Seq Scan on (questions|question_answer_history)\b/);
    }
    if (process.env.QBANK_EXPLAIN_FILE)
      fs.writeFileSync(process.env.QBANK_EXPLAIN_FILE, out.join('\n'));
  });
});
