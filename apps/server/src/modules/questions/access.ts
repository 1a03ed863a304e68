import { LOCKED_QUESTION_MESSAGE } from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { User } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { busFor } from '../../lib/invalidation';
import { cachesReady } from '../../lib/cache';
import { getQuestionCards, type QuestionCard } from './content-cache';
import { getSubscriptionAccess } from './personal-cache';
import { activeSubscriptionModules, findQuestionAccessRow } from './question-content.repository';
import type { Access } from './questions.repository';

export type AccessDeps = Pick<ServiceDeps, 'db' | 'config'>;

/** What the caller may read in full: staff everything, else subscribed modules + free preview. */
export async function loadAccess(deps: AccessDeps, user: User): Promise<Access> {
  const freePerCourse = deps.config.freeQuestionsPerCourse;
  if (user.isStaff) return { all: true, moduleIds: [], freePerCourse };
  // Cached while the invalidation bus runs (decision 029), until a purchase starts or ends.
  const subscription = busFor(deps.db).ready
    ? await getSubscriptionAccess(deps.db, user.id)
    : await activeSubscriptionModules(deps.db, user.id);
  return { all: subscription.all, moduleIds: subscription.moduleIds, freePerCourse };
}

export const canRead = (access: Access, moduleId: number, isFree: boolean) =>
  access.all || isFree || access.moduleIds.includes(moduleId);

/**
 * The access check of an answer from the caches (decision 042): the question's card (content,
 * key, catalogue place) when it is published and the caller may read it, 403 when locked,
 * undefined when it is unknown or unpublished; null when the caches cannot serve.
 */
export async function cachedAnswerableCard(
  deps: AccessDeps,
  user: User,
  questionId: number,
): Promise<QuestionCard | undefined | null> {
  if (!cachesReady(deps.db)) return null;
  const freePerCourse = deps.config.freeQuestionsPerCourse;
  const card = (await getQuestionCards(deps.db, [questionId], freePerCourse)).get(questionId);
  if (!card || !card.meta.is_published) return undefined;
  const access = await loadAccess(deps, user);
  if (!canRead(access, card.meta.module_id, card.meta.is_free))
    throw forbidden(LOCKED_QUESTION_MESSAGE);
  return card;
}

/**
 * The one access check of every single-question read or answer (PRODUCT.md §6): 404 for an
 * unknown (or, to learners, unpublished) question, 403 for a locked one. Returns the question's
 * place in the catalogue.
 */
export async function assertQuestionAccess(deps: AccessDeps, user: User, questionId: number) {
  const row = await findQuestionAccessRow(deps.db, questionId, deps.config.freeQuestionsPerCourse);
  if (!row || (!row.is_published && !user.isStaff)) throw notFound();
  const access = await loadAccess(deps, user);
  if (!canRead(access, row.module_id, row.is_free)) throw forbidden(LOCKED_QUESTION_MESSAGE);
  return { id: row.id, courseId: row.course_id, moduleId: row.module_id, type: row.type, access };
}
