import {
  LOCKED_QUESTION_MESSAGE,
  PAPER_ATTEMPT_CLOSED,
  PAPER_NOT_IN_ATTEMPT,
  PAPER_NOT_SITTABLE,
  PAPER_NOT_SUBMITTED,
  resultsNotOut,
  type PaperAnswerInput,
  type PaperAttempt,
  type PaperResult,
  type PastPaper,
} from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { clock } from '../../lib/clock';
import { busFor } from '../../lib/invalidation';
import { badRequest, detailError, forbidden, nonFieldError, notFound } from '../../lib/errors';
import {
  correctionOf,
  grade,
  loadQuestionCached,
  loadQuestions,
  logAnswers,
} from '../answers/index';
import { canRead, loadAccess } from '../questions/access';
import { serializeQuestions } from '../questions/questions.service';
import { distributionOf, roundScore, standingOf } from './ranking';
import * as repo from './papers.repository';
import * as mockRepo from './mock-exams.repository';

type Deps = Pick<ServiceDeps, 'db' | 'config' | 'log'>;

const MINUTE = 60_000;
const iso = (d: Date) => d.toISOString();
const secondsLeft = (a: repo.AttemptRow, now: Date) =>
  a.submittedAt ? 0 : Math.max(0, Math.ceil((a.deadline.getTime() - now.getTime()) / 1000));

/** The caller's past papers: every paper of a live module, with their own attempts. */
export async function listPapers(deps: Deps, user: User): Promise<PastPaper[]> {
  const [papers, attempts, access] = await Promise.all([
    repo.listPapers(deps.db),
    repo.attemptsOfUser(deps.db, user.id),
    loadAccess(deps, user),
  ]);
  return papers.map((p) => ({
    id: p.id,
    name: p.name,
    year: p.year,
    module: { id: p.module_id, name: p.module_name },
    questions_count: p.questions_count,
    time_limit_minutes: p.time_limit_minutes,
    scoring: p.scoring,
    is_locked: !canRead(access, p.module_id, false),
    takers: p.takers,
    attempts: attempts
      .filter((a) => a.sourceId === p.id)
      .map((a) => ({
        id: a.id,
        is_ranked: a.isRanked,
        started_at: iso(a.startedAt),
        submitted_at: a.submittedAt ? iso(a.submittedAt) : null,
        score: a.score,
      })),
  }));
}

/** A paper the caller may sit: a live source with a time limit, in a module they can read. */
async function sittablePaper(deps: Deps, user: User, sourceId: number) {
  const source = await repo.findSource(deps.db, sourceId);
  if (!source || source.isArchived || source.moduleArchived) throw notFound();
  if (source.timeLimitMinutes === null) throw nonFieldError(PAPER_NOT_SITTABLE);
  const access = await loadAccess(deps, user);
  // A paper is sat whole: the free preview of a course does not open it.
  if (!canRead(access, source.moduleId, false)) throw forbidden(LOCKED_QUESTION_MESSAGE);
  return { ...source, timeLimitMinutes: source.timeLimitMinutes };
}

/**
 * Starts a sitting, or resumes the one under way (`created` false). The first attempt at a
 * paper is ranked; every later one is practice.
 */
export async function startAttempt(deps: Deps, user: User, sourceId: number) {
  const paper = await sittablePaper(deps, user, sourceId);
  const open = await repo.openAttempt(deps.db, user.id, sourceId);
  if (open) {
    const current = await closeIfOverdue(deps, open);
    if (!current.submittedAt)
      return { created: false, attempt: await attemptView(deps, user, current) };
  }
  const questionIds = await repo.paperQuestionIds(deps.db, sourceId);
  if (!questionIds.length) throw nonFieldError('This paper has no questions yet.');
  const startedAt = clock.now();
  const attempt = await repo.insertAttempt(deps.db, {
    userId: user.id,
    sourceId,
    questionIds,
    scoring: paper.scoring,
    timeLimitMinutes: paper.timeLimitMinutes,
    startedAt,
    deadline: new Date(startedAt.getTime() + paper.timeLimitMinutes * MINUTE),
  });
  return { created: true, attempt: await attemptView(deps, user, attempt) };
}

/** The caller's own attempt, else 404 (another learner's attempt does not exist for them). */
async function ownAttempt(deps: Deps, user: User, id: number) {
  const attempt = await repo.findAttempt(deps.db, id);
  if (!attempt || attempt.userId !== user.id) throw notFound();
  return attempt;
}

/** The server's clock decides: an open attempt past its deadline is submitted as it stands. */
export async function closeIfOverdue(deps: Deps, attempt: repo.AttemptRow) {
  if (attempt.submittedAt || attempt.deadline.getTime() > clock.now().getTime()) return attempt;
  return (
    (await close(deps, attempt, attempt.deadline)) ?? (await repo.findAttempt(deps.db, attempt.id))!
  );
}

export async function attemptView(
  deps: Deps,
  user: User,
  a: repo.AttemptRow,
): Promise<PaperAttempt> {
  const [source, answers, access] = await Promise.all([
    paperOf(deps, a),
    repo.answersOf(deps.db, a.id),
    a.submittedAt ? null : loadAccess(deps, user),
  ]);
  // A submitted sitting's paper is read in its result's review: not built again here (the
  // deadline submission is the exam-day peak).
  const questions = a.submittedAt
    ? []
    : await serializeQuestions(deps, user, a.questionIds, access!, { exam: true });
  return {
    id: a.id,
    paper: source,
    is_ranked: a.isRanked,
    scoring: a.scoring,
    time_limit_minutes: a.timeLimitMinutes,
    started_at: iso(a.startedAt),
    deadline: iso(a.deadline),
    submitted_at: a.submittedAt ? iso(a.submittedAt) : null,
    seconds_left: secondsLeft(a, clock.now()),
    questions,
    answers: answers.map((x) => ({ question: x.questionId, choices: x.choices })),
  };
}

export async function getAttempt(deps: Deps, user: User, id: number) {
  const attempt = await closeIfOverdue(deps, await ownAttempt(deps, user, id));
  return attemptView(deps, user, attempt);
}

const closed = () => detailError(409, PAPER_ATTEMPT_CLOSED);

/**
 * Saves an answer while the attempt is open; after the deadline it is refused (409). The
 * common case is one cached question read and one statement (the exam-day load, issue 35);
 * only a refused answer reads the attempt to say why.
 */
export async function saveAnswer(deps: Deps, user: User, id: number, input: PaperAnswerInput) {
  const question = await loadQuestionCached(deps, input.question);
  const ticked = question ? grade(question, input.choices, 'all_or_nothing').choices : [];
  const now = clock.now();
  const saved =
    question !== undefined &&
    (await repo.saveAnswer(
      deps.db,
      { attemptId: id, userId: user.id, questionId: input.question, choices: ticked },
      now,
    ));
  const attempt = await ownAttempt(deps, user, id);
  if (saved)
    return { question: input.question, choices: ticked, seconds_left: secondsLeft(attempt, now) };
  if (!question || !attempt.questionIds.includes(input.question))
    throw badRequest('question', PAPER_NOT_IN_ATTEMPT);
  await closeIfOverdue(deps, attempt);
  throw closed();
}

/**
 * Closes an attempt: grades every answer with the paper's rule, stores the scores, then logs
 * its answers in the learner's history in one statement like any exam answer (decision 049's
 * effects: review cards, statistics), so a sat paper feeds the daily loop. Undefined when
 * another caller closed it first.
 */
async function close(deps: Deps, attempt: repo.AttemptRow, submittedAt: Date) {
  const questions = await loadQuestions(deps.db, attempt.questionIds);
  const graded = new Map<number, ReturnType<typeof grade>>();
  const result = await repo.closeAttempt(deps.db, attempt.id, submittedAt, (answers) => {
    const scores = new Map<number, number>();
    for (const a of answers) {
      const q = questions.get(a.questionId);
      if (!q) continue;
      const g = grade(
        q,
        a.choices.filter((c) => q.choices.some((x) => x.id === c)),
        attempt.scoring,
      );
      graded.set(a.questionId, g);
      scores.set(a.questionId, g.score);
    }
    return scores;
  });
  if (!result) return undefined;
  // The sitting's whole history in one statement (the deadline submission is the peak).
  await logAnswers(
    deps.db,
    [...graded].map(([questionId, g]) => ({
      userId: attempt.userId,
      question: questions.get(questionId)!,
      graded: g,
      timeSpentMs: 0,
      mode: 'exam' as const,
    })),
  );
  // A close by the clock (a read, the sweep) is no write request of the learner: say it here.
  await busFor(deps.db).publish({ kind: 'progress', userId: attempt.userId });
  return result.attempt;
}

/** Submits the caller's attempt (again: nothing changes) and answers it as it now stands. */
export async function submitAttempt(deps: Deps, user: User, id: number) {
  const attempt = await ownAttempt(deps, user, id);
  if (!attempt.submittedAt) {
    const now = clock.now();
    const at = now.getTime() < attempt.deadline.getTime() ? now : attempt.deadline;
    await close(deps, attempt, at);
  }
  return attemptView(deps, user, (await repo.findAttempt(deps.db, id))!);
}

/** What an attempt sat, as the learner sees it named. */
async function paperOf(deps: Deps, a: repo.AttemptRow) {
  if (a.mockExamId !== null) {
    const exam = await mockRepo.findMockExam(deps.db, a.mockExamId);
    return { id: a.mockExamId, name: exam?.title ?? '', year: null, kind: 'mock_exam' as const };
  }
  const source = await repo.findSource(deps.db, a.sourceId!);
  return {
    id: a.sourceId!,
    name: source?.name ?? '',
    year: source?.year ?? null,
    kind: 'past_paper' as const,
  };
}

/** A mock exam's results are shown from the time staff set, to every taker at once. */
async function assertResultsOut(deps: Deps, a: repo.AttemptRow) {
  if (a.mockExamId === null) return;
  const exam = await mockRepo.findMockExam(deps.db, a.mockExamId);
  if (exam && exam.resultsAt.getTime() > clock.now().getTime())
    throw nonFieldError(resultsNotOut(exam.resultsAt.toISOString()));
}

/** Submits every open attempt past its deadline (the periodic sweep); answers how many. */
// Mock exams' result announcements ride the same sweep (deadline-sweep.ts).
export async function sweepOverdue(deps: Deps): Promise<number> {
  let n = 0;
  for (const { id } of await repo.overdueAttempts(deps.db, clock.now())) {
    const attempt = await repo.findAttempt(deps.db, id);
    if (attempt && (await close(deps, attempt, attempt.deadline))) n++;
  }
  return n;
}

interface Group {
  id: number;
  name: string;
  questionIds: number[];
}

/** The caller's result beside every taker's first attempt at the same paper. */
export async function result(deps: Deps, user: User, id: number): Promise<PaperResult> {
  const attempt = await closeIfOverdue(deps, await ownAttempt(deps, user, id));
  if (!attempt.submittedAt || attempt.score === null) throw nonFieldError(PAPER_NOT_SUBMITTED);
  await assertResultsOut(deps, attempt);
  const ids = attempt.questionIds;
  const [source, answers, population, courseRows, choiceCounts, places, questions, access] =
    await Promise.all([
      paperOf(deps, attempt),
      repo.answersOf(deps.db, attempt.id),
      repo.rankedScores(deps.db, attempt),
      repo.rankedCourseScores(deps.db, attempt),
      repo.rankedChoiceCounts(deps.db, attempt),
      repo.placesOf(deps.db, ids),
      loadQuestions(deps.db, ids),
      loadAccess(deps, user),
    ]);
  const payloads = await serializeQuestions(deps, user, ids, access, { exam: true });
  const mine = new Map(answers.map((a) => [a.questionId, a]));
  const ranked = attempt.isRanked;
  const takers = population.length;

  // Per course and per module: each taker's sum over the group's questions.
  const byCourse = new Map<number, Group>();
  const byModule = new Map<number, Group>();
  const courseOf = new Map<number, number>();
  for (const p of places) {
    courseOf.set(p.course_id, p.module_id);
    const c = byCourse.get(p.course_id) ?? {
      id: p.course_id,
      name: p.course_name,
      questionIds: [],
    };
    c.questionIds.push(p.question_id);
    byCourse.set(p.course_id, c);
    const m = byModule.get(p.module_id) ?? {
      id: p.module_id,
      name: p.module_name,
      questionIds: [],
    };
    m.questionIds.push(p.question_id);
    byModule.set(p.module_id, m);
  }
  const takerCourse = new Map<string, number>();
  const takerModule = new Map<string, number>();
  for (const r of courseRows) {
    takerCourse.set(`${r.attempt_id}:${r.course_id}`, r.score);
    const key = `${r.attempt_id}:${courseOf.get(r.course_id)}`;
    takerModule.set(key, (takerModule.get(key) ?? 0) + r.score);
  }
  const takerIds = [...new Set(courseRows.map((r) => r.attempt_id))];
  const groupStanding = (g: Group, sums: Map<string, number>) => {
    const own = g.questionIds.reduce((s, q) => s + (mine.get(q)?.score ?? 0), 0);
    // Takers without any answer in the group scored 0 there.
    const scored = takerIds.map((t) => sums.get(`${t}:${g.id}`) ?? 0);
    const zeros = Array<number>(Math.max(0, takers - scored.length)).fill(0);
    return {
      id: g.id,
      name: g.name,
      ...standingOf(own, g.questionIds.length, [...scored, ...zeros], ranked),
    };
  };

  const shares = new Map<string, number>();
  for (const c of choiceCounts) shares.set(`${c.question_id}:${c.choice}`, c.n);
  return {
    attempt: attempt.id,
    paper: source,
    is_ranked: ranked,
    submitted_at: iso(attempt.submittedAt),
    overall: standingOf(attempt.score, ids.length, population, ranked),
    modules: [...byModule.values()].map((g) => groupStanding(g, takerModule)),
    courses: [...byCourse.values()].map((g) => groupStanding(g, takerCourse)),
    distribution: distributionOf(population, ids.length),
    review: payloads.flatMap((question) => {
      const q = questions.get(question.id);
      if (!q) return [];
      const given = mine.get(question.id);
      const score = roundScore(given?.score ?? 0);
      return [
        {
          question,
          choices: given?.choices ?? [],
          correction: { is_correct: score === 1, score, ...correctionOf(q) },
          choice_shares: q.choices.map((c) => ({
            choice: c.id,
            share: takers
              ? Math.round((1000 * (shares.get(`${q.id}:${c.id}`) ?? 0)) / takers) / 1000
              : 0,
          })),
        },
      ];
    }),
  };
}
