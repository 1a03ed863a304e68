import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCaller, setupTestApp } from '../../../test/helper';
import { buildCourse, buildQuestion, buildUser, type TestUser } from '../../../test/factories';
import { clinicalCases, questionStats } from '../../db/schema/index';
import { checkAggregates, rebuildAll } from './index';

/**
 * Issue 31: whatever happens to answers (recorded in every mode, deleted, re-scored by a key
 * change, their question withdrawn, their learner gone), every derived row equals what a
 * rebuild from the history computes, and what learners read does not move with a rebuild.
 */

const { app, database } = await setupTestApp();
const db = database.db;

type Question = Awaited<ReturnType<typeof buildQuestion>>;

const call = apiCaller(app);

/** One step of a learner's or an editor's life, by index into the world's learners/questions. */
const step = fc.oneof(
  fc.record({
    kind: fc.constantFrom('study', 'exam'),
    learner: fc.nat(),
    question: fc.nat(),
    ticks: fc.array(fc.nat({ max: 3 }), { maxLength: 3 }),
    time: fc.nat({ max: 700_000 }),
    counted: fc.boolean(),
    confidence: fc.constantFrom(null, 'sure', 'unsure', 'guess'),
    partial: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('session'),
    learner: fc.nat(),
    question: fc.nat(),
    ticks: fc.array(fc.nat({ max: 3 }), { maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('review-run'),
    learner: fc.nat(),
    ticks: fc.array(fc.nat({ max: 3 }), { maxLength: 2 }),
  }),
  fc.record({ kind: fc.constant('delete-entry'), learner: fc.nat(), entry: fc.nat() }),
  fc.record({
    kind: fc.constant('key-change'),
    question: fc.nat(),
    right: fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('withdraw'), question: fc.nat() }),
  fc.record({ kind: fc.constant('delete-account'), learner: fc.nat() }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

interface World {
  staff: TestUser;
  learners: TestUser[];
  questions: Question[];
  course: number;
}

async function buildWorld(): Promise<World> {
  const staff = await buildUser(db, { isStaff: true });
  const course = (await buildCourse(db)).id;
  const [kase] = await db
    .insert(clinicalCases)
    .values({ courseId: course, vignette: 'A patient.' })
    .returning();
  const qcm = [
    { text: 'A', isCorrect: true },
    { text: 'B', isCorrect: true },
    { text: 'C', isCorrect: false },
    { text: 'D', isCorrect: false },
  ];
  const questions = [
    await buildQuestion(db, { courseId: course }),
    await buildQuestion(db, { courseId: course, choiceList: qcm }),
    await buildQuestion(db, { courseId: course, clinicalCaseId: kase!.id }),
    await buildQuestion(db, { courseId: course, clinicalCaseId: kase!.id, choiceList: qcm }),
  ];
  const learners = [await buildUser(db), await buildUser(db), await buildUser(db)];
  return { staff, learners, questions, course };
}

const pick = <T>(list: T[], i: number) => list[i % list.length]!;
const ticked = (q: Question, ticks: number[]) => [
  ...new Set(ticks.map((t) => pick(q.choices, t).id)),
];

async function run(world: World, s: Step): Promise<void> {
  const learner = 'learner' in s ? pick(world.learners, s.learner) : world.staff;
  let status = 0;
  switch (s.kind) {
    case 'study':
    case 'exam': {
      const q = pick(world.questions, s.question);
      status = (
        await call(learner, 'POST', 'question_answer_history/', {
          question: q.id,
          choices: ticked(q, s.ticks),
          mode: s.kind,
          time_spent_ms: s.time,
          counted: s.counted,
          confidence: s.confidence,
          scoring: s.partial ? 'partial' : 'all_or_nothing',
        })
      ).statusCode;
      break;
    }
    case 'session': {
      const q = pick(world.questions, s.question);
      const started = await call(learner, 'POST', 'sessions/start-new-session/', {
        course_id: world.course,
      });
      if (started.statusCode >= 400) return void expect(started.statusCode).toBeLessThan(500);
      status = (
        await call(learner, 'POST', 'session_questions/', {
          session: started.json().id,
          question: q.id,
          choices: ticked(q, s.ticks),
        })
      ).statusCode;
      break;
    }
    case 'review-run': {
      const runAnswer = await call(learner, 'POST', 'review/runs/', { source: 'all' });
      const body = runAnswer.json();
      if (runAnswer.statusCode !== 200 || !body.session || !body.questions.length) {
        return void expect(runAnswer.statusCode).toBeLessThan(500);
      }
      const q = world.questions.find((x) => x.id === body.questions[0].id)!;
      status = (
        await call(learner, 'POST', 'session_questions/', {
          session: body.session,
          question: q.id,
          choices: ticked(q, s.ticks),
        })
      ).statusCode;
      break;
    }
    case 'delete-entry': {
      const list = await call(learner, 'GET', 'question_answer_history/?page_size=100');
      if (list.statusCode !== 200 || list.json().results.length === 0) return;
      const entry = pick(list.json().results as { id: number }[], s.entry);
      status = (await call(learner, 'DELETE', `question_answer_history/${entry.id}/`)).statusCode;
      break;
    }
    case 'key-change': {
      const q = pick(world.questions, s.question);
      const right = new Set(s.right.map((r) => pick(q.choices, r).id));
      const detail = (await call(world.staff, 'GET', `staff/questions/${q.id}/`)).json();
      status = (
        await call(world.staff, 'PUT', `staff/questions/${q.id}/`, {
          ...detail,
          type: right.size > 1 ? 'qcm' : 'qcs',
          choices: detail.choices.map((c: { id: number; text: string }) => ({
            id: c.id,
            text: c.text,
            is_correct: right.has(c.id),
          })),
        })
      ).statusCode;
      break;
    }
    case 'withdraw': {
      const q = pick(world.questions, s.question);
      status = (
        await call(world.staff, 'POST', `staff/questions/${q.id}/status/`, { status: 'withdrawn' })
      ).statusCode;
      break;
    }
    case 'delete-account': {
      if (world.learners.length === 1) return;
      status = (await call(learner, 'DELETE', 'delete-account/')).statusCode;
      world.learners = world.learners.filter((l) => l !== learner);
      break;
    }
  }
  // Refusals (a withdrawn question, a stale entry) are fine; a server error never is.
  expect(status, JSON.stringify(s)).toBeLessThan(500);
}

/** Every derived table, sorted, as plain rows. */
async function derivedRows() {
  const tables = [
    'question_stats order by question_id',
    'question_choice_stats order by question_id, choice_id',
    'user_daily_stats order by user_id, day',
    'user_course_stats order by user_id, course_id',
    'user_source_stats order by user_id, source_id',
    'question_streaks order by user_id, question_id',
  ];
  const rows: Record<string, unknown> = {};
  for (const t of tables) {
    rows[t] = (
      (await db.execute(sql.raw(`select * from ${t}`))) as unknown as { rows: unknown[] }
    ).rows;
  }
  return rows;
}

/** What each learner reads of their progress. */
async function learnerReads(world: World) {
  const reads: unknown[] = [];
  for (const learner of world.learners) {
    for (const url of ['dashboard/', 'review/due/', 'mistakes/', 'dashboard/what-next/']) {
      const answer = await call(learner, 'GET', url);
      reads.push([learner.user.id, url, answer.statusCode, answer.json()]);
    }
  }
  for (const q of world.questions) {
    reads.push((await call(world.staff, 'GET', `questns/${q.id}/stats/`)).json());
  }
  return reads;
}

describe('an answer’s whole life', () => {
  it('leaves every aggregate equal to a rebuild from the history', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 18 }), async (steps) => {
        const world = await buildWorld();
        for (const s of steps) await run(world, s);
        expect(
          (await checkAggregates(db, { dryRun: true })).filter(
            (d) => d.added + d.removed + d.changed > 0,
          ),
        ).toEqual([]);
        const rows = await derivedRows();
        const reads = await learnerReads(world);
        await rebuildAll(db);
        expect(await derivedRows()).toEqual(rows);
        expect(await learnerReads(world)).toEqual(reads);
      }),
      { numRuns: 6 },
    );
  }, 600_000);
});

describe('the operator’s repair', () => {
  it('reports the rows that drifted from the history and puts them right', async () => {
    const world = await buildWorld();
    const [learner] = world.learners;
    const q = world.questions[0]!;
    const right = q.choices.find((c) => c.isCorrect)!.id;
    await call(learner!, 'POST', 'question_answer_history/', {
      question: q.id,
      choices: [right],
      mode: 'study',
    });
    // A database written before decision 049: counts a key change never repaired.
    await db.execute(sql`update question_stats set correct = 0 where question_id = ${q.id}`);
    await db.execute(
      sql`update user_course_stats set correct = 0 where user_id = ${learner!.user.id}`,
    );
    const check = await checkAggregates(db, { dryRun: true });
    const changed = (table: string, diffs: typeof check) =>
      diffs.find((d) => d.table === table)?.changed;
    expect(changed('question_stats', check)).toBe(1);
    expect(changed('user_course_stats', check)).toBe(1);
    const repaired = await checkAggregates(db, { dryRun: false });
    expect(changed('question_stats', repaired)).toBe(1);
    expect(
      (await checkAggregates(db, { dryRun: true })).every(
        (d) => d.changed + d.added + d.removed === 0,
      ),
    ).toBe(true);
    // The API hides share right below PEER_STATS_MIN_LEARNERS (decision 046): read the row.
    const [row] = await db
      .select({ correct: questionStats.correct })
      .from(questionStats)
      .where(eq(questionStats.questionId, q.id));
    expect(row?.correct).toBe(1);
    // Read by someone else: the panel never counts the reader's own answer.
    const stats = (await call(world.staff, 'GET', `questns/${q.id}/stats/`)).json();
    expect(stats).toMatchObject({ answers: 1 });
  });
});
