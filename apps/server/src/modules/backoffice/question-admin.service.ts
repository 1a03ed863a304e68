import {
  STATUS_TRANSITIONS,
  type QuestionStatus,
  type QuestionVersion,
  type StaffQuestion,
  type StaffQuestionData,
  type StaffQuestionSaved,
} from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import type { QuestionSnapshot } from '../../db/schema/index';
import type { User } from '../../lib/auth';
import { badRequest, notFound } from '../../lib/errors';
import { invalidateContent, invalidateUsers } from '../../lib/cache';
import { notifyKeyChange } from './key-change';
import * as repo from './question-admin.repository';
import { recordStaffAction } from '../audit/audit.service';
import { keyChangeOf, questionMoved, rescoreQuestion, sameKey } from '../answers/index';

type Deps = Pick<ServiceDeps, 'db'>;

const INVALID_PK = (id: number) => `Invalid pk "${id}" - object does not exist.`;

/** Statuses whose edits are kept as versions: the question has been seen by learners. */
const PUBLISHED_ONCE: QuestionStatus[] = ['live', 'withdrawn'];

const stripMarkdown = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

type Loaded = NonNullable<Awaited<ReturnType<typeof repo.findQuestion>>>;

function toDetail(row: Loaded, version: number): StaffQuestion {
  const q = row.question;
  return {
    id: q.id,
    module: row.moduleId,
    course: q.courseId,
    source: q.sourceId,
    clinical_case: q.clinicalCaseId,
    year: q.year,
    type: q.type,
    stem: q.stem,
    explanation: q.explanation,
    key_point: q.keyPoint,
    tags: q.tags,
    status: q.status,
    version,
    choices: row.choices.map((c) => ({
      id: c.id,
      text: c.text,
      is_correct: c.isCorrect,
      explanation: c.explanation,
    })),
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
  };
}

function snapshotOf(row: Loaded): QuestionSnapshot {
  const q = row.question;
  return {
    type: q.type,
    stem: q.stem,
    explanation: q.explanation,
    key_point: q.keyPoint,
    tags: q.tags,
    images: q.images,
    course: q.courseId,
    source: q.sourceId,
    year: q.year,
    clinical_case: q.clinicalCaseId,
    status: q.status,
    choices: row.choices.map((c) => ({
      id: c.id,
      text: c.text,
      is_correct: c.isCorrect,
      explanation: c.explanation,
    })),
  };
}

export async function questionDetail({ db }: Deps, id: number): Promise<StaffQuestion> {
  const row = await repo.findQuestion(db, id);
  if (!row) throw notFound();
  const version = (await repo.latestVersion(db, id))?.number ?? 0;
  return toDetail(row, version);
}

/** Course, source and clinical case exist and agree (same module, same course). */
async function checkLinks(db: repo.Conn, input: StaffQuestionData) {
  const moduleId = await repo.courseModule(db, input.course);
  if (moduleId === undefined) throw badRequest('course', INVALID_PK(input.course));
  let year = input.year;
  if (input.source !== null) {
    const source = await repo.sourceModule(db, input.source);
    if (!source) throw badRequest('source', INVALID_PK(input.source));
    if (source.moduleId !== moduleId) {
      throw badRequest('source', 'The source belongs to another module than the course.');
    }
    year ??= source.year;
  }
  if (input.clinical_case !== null) {
    const courseId = await repo.caseCourse(db, input.clinical_case);
    if (courseId === undefined) throw badRequest('clinical_case', INVALID_PK(input.clinical_case));
    if (courseId !== input.course) {
      throw badRequest('clinical_case', 'The clinical case belongs to another course.');
    }
  }
  return { year };
}

const contentValues = (input: StaffQuestionData, year: number | null) => ({
  courseId: input.course,
  sourceId: input.source,
  clinicalCaseId: input.clinical_case,
  year,
  type: input.type,
  stem: input.stem,
  explanation: input.explanation,
  keyPoint: input.key_point,
  tags: input.tags,
  searchText: stripMarkdown(
    [input.stem, ...input.choices.map((c) => c.text), input.explanation].join('\n'),
  ),
});

/** A new question starts as a draft: learners never see it until it goes live. */
export async function createQuestion(
  { db }: Deps,
  user: User,
  input: StaffQuestionData,
): Promise<StaffQuestion> {
  if (input.choices.some((c) => c.id !== undefined)) {
    throw badRequest('choices', 'A new question has no choice ids.');
  }
  const id = await db.transaction(async (tx) => {
    const { year } = await checkLinks(tx, input);
    const questionId = await repo.insertQuestion(tx, {
      ...contentValues(input, year),
      status: 'draft',
      isPublished: false,
    });
    await repo.syncChoices(tx, questionId, input.choices);
    const created = (await repo.findQuestion(tx, questionId))!;
    await recordStaffAction(
      { db: tx },
      user,
      'question.create',
      { type: 'question', id: questionId },
      null,
      snapshotOf(created),
    );
    return questionId;
  });
  return questionDetail({ db }, id);
}

/**
 * Saves an edit. A question that has been live keeps every saved edit as a new version; a draft
 * or one in review updates its latest version, if any. When the key changes (correct choices,
 * the set of choices or the type), every past answer is re-scored and the learners who
 * answered or reported it are told (`notifyKeyChange`).
 */
export async function updateQuestion(
  { db }: Deps,
  user: User,
  id: number,
  input: StaffQuestionData,
  action = 'question.update',
): Promise<StaffQuestionSaved> {
  const outcome = await db.transaction(async (tx) => {
    const before = await repo.findQuestion(tx, id, true);
    if (!before) throw notFound();
    const own = new Set(before.choices.map((c) => c.id));
    const foreign = input.choices.find((c) => c.id !== undefined && !own.has(c.id));
    if (foreign) {
      throw badRequest('choices', `Choice ${foreign.id} does not belong to question ${id}.`);
    }
    const ids = input.choices.map((c) => c.id).filter((v) => v !== undefined);
    if (new Set(ids).size !== ids.length) throw badRequest('choices', 'A choice is given twice.');
    const { year } = await checkLinks(tx, input);

    await repo.updateQuestion(tx, id, contentValues(input, year));
    const choiceIds = await repo.syncChoices(tx, id, input.choices);
    const after = (await repo.findQuestion(tx, id))!;

    const oldKey = before.choices.map((c) => ({ id: c.id, isCorrect: c.isCorrect }));
    const newKey = input.choices.map((c, i) => ({ id: choiceIds[i]!, isCorrect: c.is_correct }));
    const keyChanged = !sameKey(before.question.type, oldKey, input.type, newKey);

    let rescored = 0;
    let userIds: number[] = [];
    if (keyChanged) {
      // Every answer and all it fed (statistics, streaks, session rows): decision 049.
      const change = keyChangeOf(
        id,
        { type: before.question.type, key: oldKey },
        { type: input.type, key: newKey },
      );
      const outcome = await rescoreQuestion(tx, change);
      rescored = outcome.rescored;
      userIds = [...new Set([...outcome.userIds, ...(await repo.reporters(tx, id))])].sort(
        (a, b) => a - b,
      );
    } else if (
      before.question.courseId !== input.course ||
      before.question.sourceId !== input.source
    ) {
      // The learners' course and source figures follow the question's place.
      await questionMoved(tx, id);
    }

    const latest = await repo.latestVersion(tx, id);
    let version = latest?.number ?? 0;
    if (PUBLISHED_ONCE.includes(after.question.status) || !latest) {
      version += 1;
      await repo.appendVersion(tx, {
        questionId: id,
        number: version,
        snapshot: snapshotOf(after),
        rescored,
        authorId: user.id,
      });
    } else {
      await repo.replaceVersion(tx, latest.id, snapshotOf(after), user.id);
    }
    await recordStaffAction(
      { db: tx },
      user,
      action,
      { type: 'question', id },
      snapshotOf(before),
      snapshotOf(after),
    );
    return { after, version, rescored, userIds, keyChanged };
  });
  // Learners' cached answers and scores, and everyone's cards (decision 042).
  await invalidateContent(db, [id]);
  await invalidateUsers(db, outcome.userIds);
  // Only learners who could have seen the old key are told.
  const notified = outcome.keyChanged ? outcome.userIds : [];
  if (notified.length) {
    await notifyKeyChange(db, {
      questionId: id,
      version: outcome.version,
      userIds: notified,
      rescored: outcome.rescored,
    });
  }
  return { ...toDetail(outcome.after, outcome.version), rescored: outcome.rescored, notified };
}

/** Moves a question along the workflow; only `live` is visible to learners. */
export async function changeStatus(
  { db }: Deps,
  user: User,
  id: number,
  status: QuestionStatus,
): Promise<StaffQuestion> {
  await db.transaction(async (tx) => {
    const row = await repo.findQuestion(tx, id, true);
    if (!row) throw notFound();
    const from = row.question.status;
    if (from === status) return;
    if (!STATUS_TRANSITIONS[from].includes(status)) {
      throw badRequest('status', `A question cannot go from ${from} to ${status}.`);
    }
    await repo.setStatusRow(tx, id, status);
    await recordStaffAction(
      { db: tx },
      user,
      'question.status',
      { type: 'question', id },
      { status: from },
      { status },
    );
    if (status === 'live' && !(await repo.latestVersion(tx, id))) {
      const after = (await repo.findQuestion(tx, id))!;
      await repo.appendVersion(tx, {
        questionId: id,
        number: 1,
        snapshot: snapshotOf(after),
        rescored: 0,
        authorId: user.id,
      });
    }
  });
  await invalidateContent(db, [id]);
  return questionDetail({ db }, id);
}

/**
 * Reverts to a version: its content saved as an edit like any other (so it becomes a NEW
 * version, never a rewrite of history, and a key change re-scores and notifies as an edit
 * would). A choice of that version still on the question keeps its id (its answers keep their
 * meaning); one deleted since comes back as a new choice. The workflow status stays as it is.
 */
export async function revertToVersion(
  deps: Deps,
  user: User,
  id: number,
  number: number,
): Promise<StaffQuestionSaved> {
  const current = await repo.findQuestion(deps.db, id);
  if (!current) throw notFound();
  const snapshot = await repo.findVersion(deps.db, id, number);
  if (!snapshot) throw notFound();
  const present = new Set(current.choices.map((c) => c.id));
  const input: StaffQuestionData = {
    course: snapshot.course,
    source: snapshot.source,
    clinical_case: snapshot.clinical_case,
    year: snapshot.year,
    type: snapshot.type,
    stem: snapshot.stem,
    explanation: snapshot.explanation,
    key_point: snapshot.key_point,
    tags: snapshot.tags,
    choices: snapshot.choices.map((c) => ({
      ...(present.has(c.id) ? { id: c.id } : {}),
      text: c.text,
      is_correct: c.is_correct,
      explanation: c.explanation,
    })),
  };
  return updateQuestion(deps, user, id, input, 'question.revert');
}

export async function versions({ db }: Deps, id: number): Promise<QuestionVersion[]> {
  if (!(await repo.findQuestion(db, id))) throw notFound();
  const rows = await repo.listVersions(db, id);
  return rows.map((r) => ({
    number: r.number,
    created_at: r.createdAt.toISOString(),
    author: r.author,
    rescored: r.rescored,
    snapshot: r.snapshot,
  }));
}
