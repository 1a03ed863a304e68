import { invalidPk } from '@qbank/contract';
import type {
  Favorite,
  FavoriteCreate,
  Hide,
  HideCreate,
  PageQuery,
  QuestionMark,
} from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { Db } from '../../db/client';
import type { User } from '../../lib/auth';
import { badRequest, nonFieldError, notFound } from '../../lib/errors';
import { assertPageExists, pageWindow } from '../../lib/pagination';
import * as repo from './favourites.repository';

/**
 * Favourites and hides (issue 4). A duplicate is a 400 on the target's field (the client shows
 * the server's message as is); an unknown target id is a 400 on its field, like DRF's related
 * fields; another user's record is a 404.
 */

type Deps = Pick<ServiceDeps, 'db'>;

const iso = (d: Date) => d.toISOString();

const toFavorite = (r: repo.FavoriteRow): Favorite => ({
  id: r.id,
  module: r.moduleId,
  course: r.courseId,
  created_at: iso(r.createdAt),
});
const toHide = (r: repo.HideRow): Hide => ({ ...toFavorite(r), source: r.sourceId });
const toMark = (r: repo.QuestionMarkRow): QuestionMark => ({
  id: r.id,
  question: r.questionId,
  created_at: iso(r.createdAt),
});

/** The one target of a create body, checked to exist. */
async function oneTarget(
  db: Db,
  body: Partial<Record<repo.Target, number>>,
  allowed: repo.Target[],
): Promise<{ target: repo.Target; id: number }> {
  const given = allowed.filter((t) => body[t] !== undefined);
  if (given.length !== 1) {
    const names =
      allowed.length === 2
        ? allowed.join(' or ')
        : `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`;
    throw nonFieldError(`Provide exactly one of ${names}.`);
  }
  const target = given[0]!;
  const id = body[target]!;
  if (!(await repo.targetExists(db, target, id))) throw badRequest(target, invalidPk(id));
  return { target, id };
}

const idsOf = (target: repo.Target, id: number): repo.TargetIds => ({ [`${target}Id`]: id });

export async function listFavorites(
  { db }: Deps,
  user: User,
  query: { module?: number; course?: number },
): Promise<Favorite[]> {
  const rows = await repo.listFavorites(db, user.id, {
    moduleId: query.module,
    courseId: query.course,
  });
  return rows.map(toFavorite);
}

export async function addFavorite(
  { db }: Deps,
  user: User,
  body: FavoriteCreate,
): Promise<Favorite> {
  const { target, id } = await oneTarget(db, body, ['module', 'course']);
  const row = await repo.insertFavorite(db, user.id, idsOf(target, id));
  if (!row) throw badRequest(target, `This ${target} is already in your favourites.`);
  return toFavorite(row);
}

export async function removeFavorite({ db }: Deps, user: User, id: number): Promise<void> {
  if (!(await repo.deleteFavorite(db, user.id, id))) throw notFound();
}

export async function listHides(
  { db }: Deps,
  user: User,
  query: { module?: number; course?: number; source?: number },
): Promise<Hide[]> {
  const rows = await repo.listHides(db, user.id, {
    moduleId: query.module,
    courseId: query.course,
    sourceId: query.source,
  });
  return rows.map(toHide);
}

export async function addHide({ db }: Deps, user: User, body: HideCreate): Promise<Hide> {
  const { target, id } = await oneTarget(db, body, ['module', 'course', 'source']);
  const row = await repo.insertHide(db, user.id, idsOf(target, id));
  if (!row) throw badRequest(target, `This ${target} is already hidden.`);
  return toHide(row);
}

export async function removeHide({ db }: Deps, user: User, id: number): Promise<void> {
  if (!(await repo.deleteHide(db, user.id, id))) throw notFound();
}

// ---------------------------------------------------------------- favorite_questions, hide_questions

const DUPLICATE_MARK: Record<repo.QuestionMarkKind, string> = {
  favorite: 'This question is already in your favourites.',
  hide: 'This question is already hidden.',
};

async function listMarks(
  { db }: Deps,
  user: User,
  kind: repo.QuestionMarkKind,
  query: PageQuery & { question?: number },
): Promise<{ total: number; results: QuestionMark[] }> {
  const total = await repo.countMarks(db, kind, user.id, query.question);
  assertPageExists(query, total);
  const rows = await repo.listMarks(db, kind, user.id, {
    questionId: query.question,
    ...pageWindow(query),
  });
  return { total, results: rows.map(toMark) };
}

async function addMark(
  { db }: Deps,
  user: User,
  kind: repo.QuestionMarkKind,
  questionId: number,
): Promise<QuestionMark> {
  if (!(await repo.isPublishedQuestion(db, questionId)))
    throw badRequest('question', invalidPk(questionId));
  const row = await repo.insertMark(db, kind, user.id, questionId);
  if (!row) throw badRequest('question', DUPLICATE_MARK[kind]);
  return toMark(row);
}

async function removeMark(
  { db }: Deps,
  user: User,
  kind: repo.QuestionMarkKind,
  id: number,
): Promise<void> {
  if (!(await repo.deleteMark(db, kind, user.id, id))) throw notFound();
}

/** One kind's question marks in the shape every module uses, `(deps, user, input)` (decision 043). */
function questionMarkService(kind: repo.QuestionMarkKind) {
  return {
    list: (deps: Deps, user: User, query: PageQuery & { question?: number }) =>
      listMarks(deps, user, kind, query),
    add: (deps: Deps, user: User, questionId: number) => addMark(deps, user, kind, questionId),
    remove: (deps: Deps, user: User, id: number) => removeMark(deps, user, kind, id),
  };
}

export const favoriteQuestions = questionMarkService('favorite');
export const hiddenQuestions = questionMarkService('hide');
