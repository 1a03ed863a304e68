import type { CaseListQuery, CasePage, StaffCase } from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import { badRequest, notFound } from '../../lib/errors';
import * as repo from './cases.repository';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';

type Deps = Pick<ServiceDeps, 'db'>;

const INVALID_CHOICE = 'Select a valid choice. That choice is not one of the available choices.';

interface CaseInput {
  course: number;
  vignette: string;
  questions: number[];
}

/**
 * The clinical case builder: a vignette and its ordered sub-questions (questions of the same
 * course). The case order is the questions' `order` within the course (decision 037): the
 * sub-questions get consecutive orders from the smallest they held, in the given order.
 */
async function attach(tx: repo.Conn, caseId: number, courseId: number, ids: number[]) {
  if (new Set(ids).size !== ids.length) throw badRequest('questions', 'A question is given twice.');
  if (ids.length && (await repo.countInCourse(tx, ids, courseId)) !== ids.length) {
    throw badRequest('questions', INVALID_CHOICE);
  }
  await repo.detachOthers(tx, caseId, ids);
  if (!ids.length) return;
  const start = await repo.minOrder(tx, ids);
  for (const [index, id] of ids.entries()) await repo.placeInCase(tx, id, caseId, start + index);
}

export const caseDetail = ({ db }: Deps, id: number) => loadCase(db, id);

async function loadCase(db: repo.Conn, id: number): Promise<StaffCase> {
  const row = await repo.findCase(db, id);
  if (!row) throw notFound();
  return {
    id,
    course: row.courseId,
    vignette: row.vignette,
    questions: await repo.caseQuestionIds(db, id),
  };
}

export async function createCase(
  { db }: Deps,
  actor: StaffActor,
  input: CaseInput,
): Promise<StaffCase> {
  const id = await db.transaction(async (tx) => {
    if (!(await repo.courseExists(tx, input.course))) throw badRequest('course', INVALID_CHOICE);
    const caseId = await repo.insertCase(tx, input.course, input.vignette);
    await attach(tx, caseId, input.course, input.questions);
    return caseId;
  });
  const after = await caseDetail({ db }, id);
  await recordStaffAction({ db }, actor, 'case.create', { type: 'case', id }, null, after);
  return after;
}

export async function updateCase(
  { db }: Deps,
  actor: StaffActor,
  id: number,
  input: CaseInput,
): Promise<StaffCase> {
  const before = await db.transaction(async (tx) => {
    const row = await repo.findCase(tx, id);
    if (!row) throw notFound();
    if (row.courseId !== input.course) {
      throw badRequest('course', 'A clinical case stays in its course.');
    }
    const before = await loadCase(tx, id);
    await repo.updateVignette(tx, id, input.vignette);
    await attach(tx, id, row.courseId, input.questions);
    return before;
  });
  const after = await caseDetail({ db }, id);
  await recordStaffAction({ db }, actor, 'case.update', { type: 'case', id }, before, after);
  return after;
}

export async function listCases({ db }: Deps, query: CaseListQuery): Promise<CasePage> {
  const pageSize = Number(query.page_size ?? 25);
  const offset = (Number(query.page ?? 1) - 1) * pageSize;
  const list = await repo.listCases(
    db,
    { course: query.course ? Number(query.course) : undefined, search: query.search },
    { limit: pageSize, offset },
  );
  return { count: list[0]?.total ?? 0, results: list.map(({ total: _total, ...row }) => row) };
}
