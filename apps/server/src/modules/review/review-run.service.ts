import { RUN_MAX_QUESTIONS, type Question, type ReviewRun } from '@qbank/contract';
import type { reviewRunCreateSchema } from '@qbank/contract';
import type { z } from 'zod';
import type { User } from '../../lib/auth';
import { loadAccess, type AccessDeps } from '../questions/access';
import { serializeQuestions } from '../questions/questions.service';
import { createSession } from '../sessions/sessions.service';
import { dueQuestionIds, shelfQuestionIds } from './review.service';

type RunInput = z.output<typeof reviewRunCreateSchema>;

const SESSION_NAMES = { due: 'Review', mistakes: 'Mistakes' } as const;

/**
 * A run over today's due cards or the mistakes shelf: for study, a custom session (the player
 * corrects each answer at once and logs it, which reschedules the card); for an exam, only the
 * questions (the exam screen times and scores them).
 */
export async function startRun(deps: AccessDeps, user: User, input: RunInput): Promise<ReviewRun> {
  const scope = { module: input.module, course: input.course };
  const ids =
    input.source === 'due'
      ? await dueQuestionIds(deps, user, scope, RUN_MAX_QUESTIONS)
      : await shelfQuestionIds(deps.db, user.id, scope, RUN_MAX_QUESTIONS);
  return runOver(deps, user, ids, SESSION_NAMES[input.source], input.mode);
}

/**
 * A run over chosen questions (those the caller may read): a custom session named `name` for
 * study, or only the questions for an exam. The plan's block of new questions is one too.
 */
export async function runOver(
  deps: AccessDeps,
  user: User,
  ids: number[],
  name: string,
  mode: 'study' | 'exam',
): Promise<ReviewRun> {
  const access = await loadAccess(deps, user);
  const exam = mode === 'exam';
  const readable = (await serializeQuestions(deps, user, ids, access, { exam })).filter(
    (q: Question) => !q.is_locked,
  );
  if (exam || readable.length === 0) return { session: null, questions: readable };
  const { session } = await createSession(deps, user, {
    name,
    question_ids: readable.map((q) => q.id),
  });
  const questions = await serializeQuestions(
    deps,
    user,
    readable.map((q) => q.id),
    access,
    { sessionId: session.id },
  );
  return { session: session.id, questions };
}
