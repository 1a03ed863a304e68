/**
 * `DATABASE_URL=… npx tsx scripts/bench-block-counts.ts`: what the exam builder's live counts
 * (`GET /api/questions_exam/counts/`, decision 050) cost on a generated bank (`cli.js generate`):
 * the one statement for the learner with the most history, with every question readable (the
 * widest scan), for a few filter sets; then the similar questions of a few questions
 * (`GET /api/questns/{id}/similar/`, decision 053) on the same bank. Prints best, median and
 * worst of --runs runs each.
 */
import { Command } from 'commander';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { blockCounts, type BlockFilters } from '../src/modules/questions/block-counts.repository';
import { similarTo } from '../src/modules/search/search.repository';

const options = new Command()
  .option('--runs <n>', 'runs per filter set', '15')
  .parse()
  .opts<{ runs: string }>();

const url = process.env.DATABASE_URL;
const database = await openDatabase(url ? { url } : { dataDir: process.env.DATA_DIR });
const { db } = database;
const one = async <T>(query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

const { user_id: userId, n: answers } = await one<{ user_id: number; n: number }>(
  sql`select user_id, count(*)::int as n from question_answer_history
    group by user_id order by count(*) desc limit 1`,
);
const { questions } = await one<{ questions: number }>(
  sql`select count(*)::int as questions from questions where is_published`,
);
const { module_id: moduleId } = await one<{ module_id: number }>(
  sql`select module_id from courses order by id limit 1`,
);
const all = { userId, access: { all: true, moduleIds: [], freePerCourse: 0 } };
const sets: Record<string, BlockFilters> = {
  'nothing ticked': all,
  'one module': { ...all, moduleIds: [moduleId] },
  'unanswered, qcs': { ...all, unanswered: true, types: ['qcs'] },
  'incorrect, difficulty 4-5': { ...all, incorrect: true, difficulty: [4, 5] },
};

console.log(`${questions} published questions; learner ${userId} with ${answers} answers`);

/** Best, median and worst of --runs runs of `task`, after one warm-up run. */
async function measure(name: string, task: () => Promise<unknown>) {
  await task();
  const times: number[] = [];
  for (let i = 0; i < Number(options.runs); i++) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(
    `${name.padEnd(28)} best ${ms(times[0]!)}  median ${ms(times[times.length >> 1]!)}  worst ${ms(times[times.length - 1]!)}`,
  );
}

for (const [name, filters] of Object.entries(sets)) {
  await measure(name, () => blockCounts(db, filters));
}
// Similar questions of questions spread over the bank (first, middle, last published).
const spread = (
  (await db.execute(
    sql`select id from questions where is_published and id in (
      (select min(id) from questions where is_published),
      (select percentile_disc(0.5) within group (order by id) from questions where is_published),
      (select max(id) from questions where is_published))`,
  )) as unknown as { rows: { id: number }[] }
).rows;
for (const { id } of spread) {
  const found = await similarTo(db, userId, id, all.access, 5);
  await measure(`similar to ${id} (${found.length} found)`, () =>
    similarTo(db, userId, id, all.access, 5),
  );
}
await database.close();
