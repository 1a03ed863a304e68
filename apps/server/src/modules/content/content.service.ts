import fs from 'node:fs/promises';
import path from 'node:path';
import type { ContentDocument, ContentImage } from '@qbank/contract';
import type { Db } from '../../db/client';
import { storeImage } from '../../lib/images';
import { mediaUrl, type Storage } from '../../lib/storage';
import { invalidateQuestionContent } from '../questions/content-cache';
import { CONTENT_FORMATS, guessFormat, parseContent, type ContentFormat } from './content.parse';
import * as repo from './content.repository';
import { validateContent } from './content.validate';
import type { Problem } from './formats/common';

export interface ImportCounts {
  created: number;
  updated: number;
}

export interface ImportSummary {
  questions: ImportCounts;
  modules: ImportCounts;
  courses: ImportCounts;
  sources: ImportCounts;
  clinicalCases: ImportCounts;
}

export interface ImportOptions {
  /** Called after each batch of questions with (done, total). */
  onProgress?: (done: number, total: number) => void;
  batchSize?: number;
  /** Questions from which an import suspends index and key upkeep (`repo.suspendUpkeep`). */
  bulkFrom?: number;
}

/**
 * A file of this many questions, at least as many as the bank already holds, is written with
 * the full-text index and foreign keys suspended and rebuilt once: a rebuild then touches at
 * most twice the rows that per-row upkeep would, and costs far less per row (decision 042).
 */
const BULK_FROM = 10_000;
const bulkImport = async (tx: repo.Conn, incoming: number, from: number) =>
  incoming >= from && incoming >= (await repo.countQuestions(tx));

const tally = (rows: repo.Upserted[]): ImportCounts => ({
  created: rows.filter((r) => r.inserted).length,
  updated: rows.filter((r) => !r.inserted).length,
});

const PLUGINFILE = '@@PLUGINFILE@@/';
const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The text a question is searched and compared by (`questions.search_text`): stem, choices and
 * explanation without HTML tags. Near-duplicate checks compare an import's questions on it too.
 */
export const comparisonText = (
  stem: string,
  choices: { text: string }[],
  explanation: string,
): string => stripTags([stem, ...choices.map((c) => c.text), explanation].join('\n'));

/** Stores the images of one record; texts refer to them as @@PLUGINFILE@@/<name> until then. */
async function storeImages(storage: Storage, images: ContentImage[], stored: string[]) {
  const keys: string[] = [];
  const links = new Map<string, string>();
  for (const image of images) {
    const key = await storeImage(storage, 'questions', 'images', Buffer.from(image.data, 'base64'));
    stored.push(key);
    keys.push(key);
    links.set(image.name, mediaUrl(key)!);
    links.set(encodeURI(image.name), mediaUrl(key)!);
  }
  const link = (text: string) =>
    links.size && text.includes(PLUGINFILE)
      ? text.replace(/@@PLUGINFILE@@\/([^"'\s)>]+)/g, (whole, name: string) => {
          const decoded = (() => {
            try {
              return decodeURIComponent(name);
            } catch {
              return name;
            }
          })();
          return links.get(name) ?? links.get(decoded) ?? whole;
        })
      : text;
  return { keys, link };
}

/**
 * Writes a validated document in one transaction: catalogue first (upserted by external id),
 * then the questions in multi-row batches with their choices replaced. Any failure rolls the
 * whole import back and removes the images it had stored.
 */
export async function importContent(
  db: Db,
  storage: Storage,
  document: ContentDocument,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const batchSize = options.batchSize ?? 1000;
  const stored: string[] = [];
  let replaced: string[] = [];
  try {
    const summary = await db.transaction(async (tx) => {
      const moduleRows = await repo.upsertModules(
        tx,
        document.modules.map((m) => ({
          externalId: m.external_id,
          name: m.name,
          description: m.description,
          order: m.order,
        })),
      );
      const moduleIds = new Map(moduleRows.map((r) => [r.externalId!, r.id]));
      const courseRows = await repo.upsertCourses(
        tx,
        document.modules.flatMap((m) =>
          m.courses.map((c) => ({
            externalId: c.external_id,
            moduleId: moduleIds.get(m.external_id)!,
            name: c.name,
            description: c.description,
            order: c.order,
          })),
        ),
      );
      const sourceRows = await repo.upsertSources(
        tx,
        document.modules.flatMap((m) =>
          m.sources.map((s) => ({
            externalId: s.external_id,
            moduleId: moduleIds.get(m.external_id)!,
            name: s.name,
            year: s.year,
            order: s.order,
          })),
        ),
      );
      const courseIds = new Map(courseRows.map((r) => [r.externalId!, r.id]));
      const sourceIds = new Map(sourceRows.map((r) => [r.externalId!, r.id]));
      const sourceYears = new Map(
        document.modules.flatMap((m) => m.sources.map((s) => [s.external_id, s.year])),
      );

      replaced = await repo.existingImages(
        tx,
        document.questions.map((q) => q.external_id),
        document.clinical_cases.map((c) => c.external_id),
      );

      const caseValues = [];
      for (const c of document.clinical_cases) {
        const { keys, link } = await storeImages(storage, c.images, stored);
        caseValues.push({
          externalId: c.external_id,
          courseId: courseIds.get(c.course)!,
          vignette: link(c.vignette),
          images: keys,
        });
      }
      const caseRows = await repo.upsertCases(tx, caseValues);
      const caseIds = new Map(caseRows.map((r) => [r.externalId!, r.id]));

      const restore = (await bulkImport(
        tx,
        document.questions.length,
        options.bulkFrom ?? BULK_FROM,
      ))
        ? await repo.suspendUpkeep(tx)
        : [];
      await repo.stageQuestions(tx);
      const questionRows: repo.Upserted[] = [];
      for (let start = 0; start < document.questions.length; start += batchSize) {
        const batch = document.questions.slice(start, start + batchSize);
        const values: repo.QuestionRow[] = [];
        const choiceTexts: { text: string; is_correct: boolean; explanation: string }[][] = [];
        for (const q of batch) {
          const { keys, link } = await storeImages(storage, q.images, stored);
          const stem = link(q.stem);
          const explanation = link(q.explanation);
          const list = q.choices.map((c) => ({
            ...c,
            text: link(c.text),
            explanation: link(c.explanation),
          }));
          choiceTexts.push(list);
          values.push({
            external_id: q.external_id,
            course_id: courseIds.get(q.course)!,
            source_id: q.source === null ? null : sourceIds.get(q.source)!,
            clinical_case_id: q.clinical_case === null ? null : caseIds.get(q.clinical_case)!,
            type: q.type,
            stem,
            explanation,
            key_point: q.key_point === undefined ? null : link(q.key_point),
            status: q.status ?? null,
            year: q.year ?? (q.source === null ? null : (sourceYears.get(q.source) ?? null)),
            tags: q.tags,
            images: keys,
            order: q.order,
            search_text: comparisonText(stem, list, explanation),
          });
        }
        const rows = await repo.upsertQuestions(tx, values);
        const idOf = new Map(rows.map((r) => [r.externalId!, r.id]));
        await repo.replaceChoices(
          tx,
          rows.filter((r) => !r.inserted).map((r) => r.id),
          batch.flatMap((q, i) =>
            choiceTexts[i]!.map((c, order) => ({
              question_id: idOf.get(q.external_id)!,
              text: c.text,
              is_correct: c.is_correct,
              explanation: c.explanation,
              order,
            })),
          ),
        );
        questionRows.push(...rows);
        options.onProgress?.(
          Math.min(start + batchSize, document.questions.length),
          document.questions.length,
        );
      }
      await repo.restoreUpkeep(tx, restore);
      await repo.startVersions(
        tx,
        questionRows.map((r) => r.id),
      );
      return {
        questions: tally(questionRows),
        modules: tally(moduleRows),
        courses: tally(courseRows),
        sources: tally(sourceRows),
        clinicalCases: tally(caseRows),
      };
    });
    // Cached question content of updated questions (choices were replaced) is stale now.
    await invalidateQuestionContent(db);
    if (summary.questions.created) await repo.analyzeQuestions(db);
    // The images the updated records held before are no longer referenced.
    await Promise.all(replaced.map((key) => storage.delete(key)));
    return summary;
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key)));
    throw error;
  }
}

export interface ImportFileOptions extends ImportOptions {
  format?: ContentFormat;
  /** Validate and report, write nothing. */
  dryRun?: boolean;
  /** Module of questions whose file names none (GIFT/Aiken/CSV/XML without categories). */
  defaultModule?: string;
  /** The file's character encoding when it is not UTF-8 (iconv-lite names: windows-1252…). */
  encoding?: string;
}

export interface ImportFileResult {
  /** False when the file was refused: `errors` says why, nothing was written. */
  ok: boolean;
  format?: ContentFormat;
  /** Questions found valid in the file. */
  questions: number;
  errors: Problem[];
  skipped: Problem[];
  warnings: Problem[];
  /** What was written (absent on a dry run or a refused file). */
  summary?: ImportSummary;
  ms: number;
}

/** Reads, validates (the whole file, every bad record reported) and imports one file. */
export async function importFile(
  db: Db,
  storage: Storage,
  file: string,
  options: ImportFileOptions = {},
): Promise<ImportFileResult> {
  const started = performance.now();
  const done = (result: Omit<ImportFileResult, 'ms'>): ImportFileResult => ({
    ...result,
    ms: Math.round(performance.now() - started),
  });
  const format = options.format ?? guessFormat(file);
  if (!format) {
    const message = `Cannot tell the format of ${path.basename(file)} from its name: use --format ${CONTENT_FORMATS.join('|')}.`;
    return done({ ok: false, questions: 0, errors: [{ message }], skipped: [], warnings: [] });
  }
  let data: Buffer;
  try {
    data = await fs.readFile(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    const message = `Cannot read ${path.basename(file)} (${reason}).`;
    return done({
      ok: false,
      format,
      questions: 0,
      errors: [{ message }],
      skipped: [],
      warnings: [],
    });
  }
  return importData(db, storage, data, file, { ...options, format }, started);
}

/**
 * Validates (every bad record reported, with its line) and imports a file already in memory:
 * the CLI after reading the file, the back office after an upload.
 */
export async function importData(
  db: Db,
  storage: Storage,
  data: Buffer,
  fileName: string,
  options: ImportFileOptions & { format: ContentFormat },
  started = performance.now(),
): Promise<ImportFileResult> {
  const format = options.format;
  const done = (result: Omit<ImportFileResult, 'ms'>): ImportFileResult => ({
    ...result,
    ms: Math.round(performance.now() - started),
  });
  const parsed = parseContent(data, format, {
    fileName,
    defaultModule: options.defaultModule,
    encoding: options.encoding,
  });
  const checked = await validateContent(parsed);
  const base = {
    format,
    questions: checked.document.questions.length,
    errors: checked.errors,
    skipped: checked.skipped,
    warnings: checked.warnings,
  };
  if (checked.errors.length) return done({ ...base, ok: false });
  if (options.dryRun) return done({ ...base, ok: true });
  const summary = await importContent(db, storage, checked.document, options);
  return done({ ...base, ok: true, summary });
}
