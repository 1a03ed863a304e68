import {
  MOCK_ALREADY_SAT,
  MOCK_CLOSED,
  MOCK_NOT_FOR_YOU,
  MOCK_NOT_OPEN,
  type BlueprintRow,
  type MockExam,
  type MockExamInput,
  type MockExamReport,
  type StaffMockExam,
} from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { clock } from '../../lib/clock';
import { badRequest, detailError, forbidden, nonFieldError, notFound } from '../../lib/errors';
import { canRead, loadAccess } from '../questions/access';
import { notifyUsers, type MailDeps } from '../notifications/notifications.service';
import { mailSubscriber } from '../notifications/mail-lists.service';
import type { SignerDeps } from '../notifications/unsubscribe';
import { distributionOf, roundScore } from './ranking';
import { attemptView, closeIfOverdue } from './papers.service';
import * as repo from './mock-exams.repository';
import * as papers from './papers.repository';

type Deps = Pick<ServiceDeps, 'db' | 'config' | 'log'>;

const MINUTE = 60_000;
const iso = (d: Date) => d.toISOString();

// ---------------------------------------------------------------- staff

/** The live count of eligible questions per blueprint row, each row after the earlier ones. */
export async function eligible(deps: Deps, blueprint: BlueprintRow[]) {
  const rows = [];
  // Counted in the draw's order: a question an earlier row could take is still eligible for
  // a later one (the draw is random), so each row is counted alone.
  for (const row of blueprint)
    rows.push({ eligible: await repo.eligibleCount(deps.db, row, []), count: row.count });
  return { rows };
}

/** Draws the paper from a blueprint: every row full, or a 400 naming the row that is short. */
async function draw(deps: Deps, blueprint: BlueprintRow[]) {
  const picked: number[] = [];
  for (const [i, row] of blueprint.entries()) {
    const ids = await repo.drawRow(deps.db, row, picked);
    if (ids.length < row.count)
      throw badRequest(
        'blueprint',
        `Row ${i + 1} asks for ${row.count} questions; only ${ids.length} are eligible.`,
      );
    picked.push(...ids);
  }
  return picked;
}

export async function createMockExam(deps: Deps, staff: User, input: MockExamInput) {
  let questionIds: number[];
  if (input.blueprint) questionIds = await draw(deps, input.blueprint);
  else {
    questionIds = [...new Set(input.question_ids!)];
    const live = await repo.liveQuestionIds(deps.db, questionIds);
    const missing = questionIds.find((id) => !live.has(id));
    if (missing !== undefined)
      throw badRequest('question_ids', `Question ${missing} is not a live question.`);
  }
  const row = await repo.insertMockExam(deps.db, {
    title: input.title,
    questionIds,
    scoring: input.scoring,
    opensAt: input.opens_at,
    closesAt: input.closes_at,
    durationMinutes: input.duration_minutes,
    resultsAt: input.results_at,
    audiencePlanId: input.audience_plan,
    audienceModuleIds: input.audience_modules,
    createdBy: staff.id,
  });
  return toStaff(row, { started: 0, submitted: 0 });
}

function toStaff(
  row: repo.MockExamRow,
  counts: { started: number; submitted: number },
): StaffMockExam {
  return {
    id: row.id,
    title: row.title,
    question_ids: row.questionIds,
    opens_at: iso(row.opensAt),
    closes_at: iso(row.closesAt),
    duration_minutes: row.durationMinutes,
    results_at: iso(row.resultsAt),
    scoring: row.scoring,
    audience_plan: row.audiencePlanId,
    audience_modules: row.audienceModuleIds,
    ...counts,
  };
}

export async function staffList(deps: Deps): Promise<StaffMockExam[]> {
  const rows = await repo.listMockExams(deps.db);
  const counts = await repo.participation(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toStaff(r, counts.get(r.id) ?? { started: 0, submitted: 0 }));
}

async function staffExam(deps: Deps, id: number) {
  const row = await repo.findMockExam(deps.db, id);
  if (!row) throw notFound();
  return row;
}

/**
 * Participation, distribution and item analysis: per question the mean score, the per-choice
 * shares and the discrimination (top 27 % of takers minus the bottom 27 %, by total score).
 */
export async function report(deps: Deps, id: number): Promise<MockExamReport> {
  const exam = await staffExam(deps, id);
  const [results, answers, counts] = await Promise.all([
    repo.results(deps.db, id),
    repo.answersOfExam(deps.db, id),
    repo.participation(deps.db, [id]),
  ]);
  const n = results.length;
  const scores = results.map((r) => r.score!);
  const group = Math.max(1, Math.round(n * 0.27));
  const top = new Set(results.slice(0, group).map((r) => r.attemptId));
  const bottom = new Set(results.slice(-group).map((r) => r.attemptId));
  const byQuestion = new Map<number, typeof answers>();
  for (const a of answers)
    byQuestion.set(a.questionId, [...(byQuestion.get(a.questionId) ?? []), a]);
  const mean = (xs: number[], over: number) =>
    over ? roundScore(xs.reduce((s, x) => s + x, 0) / over) : 0;
  return {
    exam: toStaff(exam, counts.get(id) ?? { started: 0, submitted: 0 }),
    takers: n,
    mean: n ? mean(scores, n) : null,
    distribution: distributionOf(scores, exam.questionIds.length),
    items: exam.questionIds.map((question) => {
      const given = byQuestion.get(question) ?? [];
      const ticks = new Map<number, number>();
      for (const a of given) for (const c of a.choices) ticks.set(c, (ticks.get(c) ?? 0) + 1);
      const scoreIn = (set: Set<number>) =>
        mean(
          given.filter((a) => set.has(a.attemptId)).map((a) => a.score ?? 0),
          set.size,
        );
      return {
        question,
        share_right: mean(
          given.map((a) => a.score ?? 0),
          n,
        ),
        discrimination: n >= 2 ? roundScore(scoreIn(top) - scoreIn(bottom)) : null,
        choices: [...ticks].map(([choice, k]) => ({ choice, share: roundScore(k / n) })),
      };
    }),
  };
}

const csvCell = (v: string | number | null) => {
  const text = v === null ? '' : String(v);
  // A cell a spreadsheet would run as a formula is quoted with a leading apostrophe.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The results as CSV: one line per taker, best first, with rank and percentile. */
export async function resultsCsv(deps: Deps, id: number): Promise<string> {
  const exam = await staffExam(deps, id);
  const rows = await repo.results(deps.db, id);
  const scores = rows.map((r) => roundScore(r.score!));
  const lines = [
    [
      'rank',
      'percentile',
      'user_id',
      'email',
      'first_name',
      'last_name',
      'score',
      'max_score',
      'submitted_at',
    ],
  ];
  for (const r of rows) {
    const mine = roundScore(r.score!);
    const rank = scores.filter((s) => s > mine).length + 1;
    const lower = scores.filter((s) => s < mine).length;
    lines.push([
      String(rank),
      String(Math.round((1000 * lower) / scores.length) / 10),
      String(r.userId),
      r.email,
      r.firstName,
      r.lastName,
      String(mine),
      String(exam.questionIds.length),
      r.submittedAt ? iso(r.submittedAt) : '',
    ]);
  }
  return lines.map((l) => l.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

// ---------------------------------------------------------------- learners

/** Whether a learner is in a mock exam's audience (staff always are). */
async function inAudience(deps: Deps, user: User, exam: repo.MockExamRow) {
  if (user.isStaff) return true;
  if (exam.audiencePlanId !== null)
    return repo.holdsPlan(deps.db, user.id, exam.audiencePlanId, clock.now());
  if (exam.audienceModuleIds.length) {
    const access = await loadAccess(deps, user);
    return exam.audienceModuleIds.every((m) => canRead(access, m, false));
  }
  return true;
}

const statusOf = (exam: repo.MockExamRow, now: Date) =>
  now < exam.opensAt ? 'upcoming' : now < exam.closesAt ? 'open' : 'closed';

/** The mock exams open to the caller: upcoming, open and past, newest first. */
export async function learnerList(deps: Deps, user: User): Promise<MockExam[]> {
  const now = clock.now();
  const out: MockExam[] = [];
  for (const exam of await repo.listMockExams(deps.db)) {
    if (!(await inAudience(deps, user, exam))) continue;
    const attempt = await papers.mockAttemptOf(deps.db, user.id, exam.id);
    out.push({
      id: exam.id,
      title: exam.title,
      questions_count: exam.questionIds.length,
      opens_at: iso(exam.opensAt),
      closes_at: iso(exam.closesAt),
      duration_minutes: exam.durationMinutes,
      results_at: iso(exam.resultsAt),
      status: statusOf(exam, now),
      results_out: now >= exam.resultsAt,
      attempt: attempt
        ? { id: attempt.id, submitted_at: attempt.submittedAt ? iso(attempt.submittedAt) : null }
        : null,
    });
  }
  return out;
}

/**
 * Starts the caller's one sitting inside the window, or resumes it (`created` false). Its
 * deadline is the duration after the start, and never later than the window's close.
 */
export async function startMock(deps: Deps, user: User, id: number) {
  const exam = await repo.findMockExam(deps.db, id);
  if (!exam || !(await inAudience(deps, user, exam))) {
    if (exam) throw forbidden(MOCK_NOT_FOR_YOU);
    throw notFound();
  }
  const existing = await papers.mockAttemptOf(deps.db, user.id, id);
  if (existing) {
    const current = await closeIfOverdue(deps, existing);
    if (current.submittedAt) throw detailError(409, MOCK_ALREADY_SAT);
    return { created: false, attempt: await attemptView(deps, user, current) };
  }
  const now = clock.now();
  if (now < exam.opensAt) throw nonFieldError(MOCK_NOT_OPEN(iso(exam.opensAt)));
  if (now >= exam.closesAt) throw nonFieldError(MOCK_CLOSED);
  const deadline = new Date(
    Math.min(now.getTime() + exam.durationMinutes * MINUTE, exam.closesAt.getTime()),
  );
  const attempt = await papers.insertMockAttempt(deps.db, {
    userId: user.id,
    mockExamId: id,
    questionIds: exam.questionIds,
    scoring: exam.scoring,
    timeLimitMinutes: exam.durationMinutes,
    startedAt: now,
    deadline,
  });
  // Two starts racing: the other one made the sitting; answer it.
  const row = attempt ?? (await papers.mockAttemptOf(deps.db, user.id, id))!;
  return { created: attempt !== undefined, attempt: await attemptView(deps, user, row) };
}

/** Tells every taker of each mock exam whose results just came out (the sweep calls it). */
export async function announceResults(deps: Deps) {
  const due = await repo.claimResultsToAnnounce(deps.db, clock.now());
  for (const exam of due) {
    const takers = await repo.takersOf(deps.db, exam.id);
    const attempts = await Promise.all(
      takers.map((userId) => papers.mockAttemptOf(deps.db, userId, exam.id)),
    );
    // One message each, pointing at their own result.
    for (const a of attempts) {
      if (!a) continue;
      await notifyUsers(deps, [a.userId], {
        kind: 'mock_exam_results',
        message: `The results of "${exam.title}" are out.`,
        link: `/papers/attempts/${a.id}/result`,
      });
    }
  }
  return due.length;
}

/**
 * Tells the audience of each mock exam whose window just opened (the sweep calls it): a
 * notification to every learner in it, and a mail to those who opted in (`mock_exam_opens`).
 * Claimed once in the database, so several server processes never tell anyone twice.
 */
export async function announceOpenings(deps: MailDeps & SignerDeps) {
  const now = clock.now();
  const opened = await repo.claimOpenings(deps.db, now);
  for (const exam of opened) {
    const audience = await repo.audienceOf(deps.db, exam, 'mock_exam_opens', now);
    const closes = exam.closesAt.toUTCString();
    const message = `The mock exam "${exam.title}" is open until ${closes}.`;
    await notifyUsers(
      deps,
      audience.map((u) => u.id),
      { kind: 'mock_exam_open', message, link: '/papers' },
    );
    const link = new URL('/papers', deps.config.publicUrl).toString();
    for (const learner of audience.filter((u) => u.mails))
      await mailSubscriber(deps, 'mock_exam_opens', learner, {
        subject: `Mock exam open: ${exam.title}`,
        text: `${message}\nIt lasts ${exam.durationMinutes} minutes once started; sit it here:\n${link}`,
      });
  }
  return opened.length;
}
