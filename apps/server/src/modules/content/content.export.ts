import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { ContentDocument, ContentImage } from '@qbank/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { MEDIA_PREFIX, type Storage } from '../../lib/storage';
import * as repo from './content.repository';

/** Reads stored images back (a missing file is left out). */
async function readImages(storage: Storage, keys: string[]): Promise<ContentImage[]> {
  const images: ContentImage[] = [];
  for (const key of keys) {
    const file = await storage.read(key);
    if (!file) continue;
    const data = await buffer(file.body);
    images.push({ name: path.basename(key), data: data.toString('base64') });
  }
  return images;
}

/** Links to stored images become @@PLUGINFILE@@ references again, as the import expects. */
const unlink = (text: string) =>
  text.includes(MEDIA_PREFIX)
    ? text.replace(/\/media\/(?:[\w-]+\/)*([\w-]+\.(?:jpg|png|webp))/g, '@@PLUGINFILE@@/$1')
    : text;

/**
 * The catalogue (or one module) and its questions in our JSON format. Records without an
 * external id get one first, so that importing the export again updates instead of copying.
 */
export async function exportContent(
  db: Db,
  storage: Storage,
  options: { moduleId?: number; onProgress?: (done: number) => void } = {},
): Promise<ContentDocument> {
  await repo.assignExternalIds(db);
  const modules = await repo.listModules(db, options.moduleId);
  if (options.moduleId !== undefined && !modules.length) throw notFound();
  const moduleIds = modules.map((m) => m.id);
  const courses = moduleIds.length ? await repo.listCourses(db, moduleIds) : [];
  const sources = moduleIds.length ? await repo.listSources(db, moduleIds) : [];
  const courseIds = courses.map((c) => c.id);
  const cases = courseIds.length ? await repo.listCases(db, courseIds) : [];
  const courseExt = new Map(courses.map((c) => [c.id, c.externalId!]));
  const sourceExt = new Map(sources.map((s) => [s.id, s.externalId!]));
  const caseExt = new Map(cases.map((c) => [c.id, c.externalId!]));

  const document: ContentDocument = {
    format: 'qbank',
    version: 1,
    modules: modules.map((m) => ({
      external_id: m.externalId!,
      name: m.name,
      description: m.description,
      order: m.order,
      courses: courses
        .filter((c) => c.moduleId === m.id)
        .map((c) => ({
          external_id: c.externalId!,
          name: c.name,
          description: c.description,
          order: c.order,
        })),
      sources: sources
        .filter((s) => s.moduleId === m.id)
        .map((s) => ({ external_id: s.externalId!, name: s.name, year: s.year, order: s.order })),
    })),
    clinical_cases: [],
    questions: [],
  };
  for (const c of cases) {
    document.clinical_cases.push({
      external_id: c.externalId!,
      course: courseExt.get(c.courseId)!,
      vignette: unlink(c.vignette),
      images: await readImages(storage, c.images),
    });
  }
  let after = 0;
  for (;;) {
    const page = courseIds.length ? await repo.questionsPage(db, courseIds, after, 2000) : [];
    if (!page.length) break;
    for (const q of page) {
      document.questions.push({
        external_id: q.externalId!,
        course: courseExt.get(q.courseId)!,
        source: q.sourceId === null ? null : (sourceExt.get(q.sourceId) ?? null),
        clinical_case: q.clinicalCaseId === null ? null : (caseExt.get(q.clinicalCaseId) ?? null),
        type: q.type,
        stem: unlink(q.stem),
        explanation: unlink(q.explanation),
        key_point: unlink(q.keyPoint),
        status: q.status,
        year: q.year,
        tags: q.tags,
        images: await readImages(storage, q.images),
        order: q.order,
        choices: q.choices.map((c) => ({
          text: unlink(c.text),
          is_correct: c.isCorrect,
          explanation: unlink(c.explanation),
        })),
      });
    }
    after = page.at(-1)!.id;
    options.onProgress?.(document.questions.length);
  }
  return document;
}
