import cliProgress from 'cli-progress';
import type { ContentDocument } from '@qbank/contract';
import type { Config } from '../../config';
import { openConfiguredDatabase } from '../../db/open';
import { invalidateAll } from '../../lib/cache';
import { rebuildAll } from '../answers/index';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../../db/client';
import { createStorage } from '../../lib/object-storage';
import type { Storage } from '../../lib/storage';
import { importContent } from './content.service';
import { buildDemoDocument } from './demo-bank';
import * as repo from './generate.repository';
import { mulberry32 } from '@qbank/contract/random';

/**
 * SYNTHETIC VOLUME for benchmarks: `npm run generate` multiplies the real demo questions into
 * deterministic variants (the stem gets a "variant N" suffix, spread over synthetic modules,
 * courses, sources and years), then adds synthetic learners and answer history. The content
 * is real; the volume is not. Running it again updates the same records (same external ids).
 */

const MODULES = 20;
const COURSES_PER_MODULE = 10;
const SOURCES_PER_MODULE = 8;

/** A deterministic pseudo-random sequence, so two runs generate the same data. */
const random = mulberry32;

/** `count` synthetic variants of the real demo questions, as a document of our JSON format. */
export function syntheticDocument(count: number): ContentDocument {
  const templates = buildDemoDocument().questions;
  const document: ContentDocument = {
    format: 'qbank',
    version: 1,
    modules: [],
    clinical_cases: [],
    questions: [],
  };
  for (let m = 0; m < MODULES; m++) {
    document.modules.push({
      external_id: `synthetic:m${m}`,
      name: `Synthetic module ${m + 1}`,
      description: 'Synthetic benchmark volume built from the demo bank.',
      order: 100 + m,
      courses: Array.from({ length: COURSES_PER_MODULE }, (_, c) => ({
        external_id: `synthetic:m${m}:c${c}`,
        name: `Synthetic course ${m + 1}.${c + 1}`,
        description: '',
        order: c,
      })),
      sources: Array.from({ length: SOURCES_PER_MODULE }, (_, s) => ({
        external_id: `synthetic:m${m}:s${s}`,
        name: `Synthetic exam ${2015 + s}`,
        year: 2015 + s,
        order: s,
      })),
    });
  }
  for (let i = 0; i < count; i++) {
    const t = templates[i % templates.length]!;
    const m = i % MODULES;
    const c = Math.floor(i / MODULES) % COURSES_PER_MODULE;
    const s = Math.floor(i / (MODULES * COURSES_PER_MODULE)) % SOURCES_PER_MODULE;
    document.questions.push({
      ...t,
      external_id: `synthetic:q${i}`,
      course: `synthetic:m${m}:c${c}`,
      source: `synthetic:m${m}:s${s}`,
      clinical_case: null,
      year: 2015 + s,
      stem: `${t.stem}\n\n(variant ${i + 1})`,
      order: i,
    });
  }
  return document;
}

export interface GenerateCounts {
  questions: number;
  users: number;
  history: number;
}

export async function generateCommand(
  config: Config,
  options: { questions: string; users: string; history: string },
): Promise<number> {
  const counts = {
    questions: Number(options.questions),
    users: Number(options.users),
    history: Number(options.history),
  };
  for (const [name, n] of Object.entries(counts)) {
    if (!Number.isInteger(n) || n < 0) {
      console.error(
        `--${name} takes a whole number, not "${options[name as keyof typeof options]}".`,
      );
      return 1;
    }
  }
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  try {
    const storage = createStorage(config);
    console.log(await generateData(database.db, storage, counts, process.stdout.isTTY));
    return 0;
  } finally {
    await database.close();
  }
}

/** Writes the synthetic bank, learners and history; answers a one-line summary. */
export async function generateData(
  db: Db,
  storage: Storage,
  counts: GenerateCounts,
  progressBar = false,
): Promise<string> {
  const bar = new cliProgress.SingleBar(
    { format: '{task} [{bar}] {value}/{total}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  const show = (total: number, task: string) => progressBar && bar.start(total, 0, { task });
  const started = performance.now();
  try {
    const document = syntheticDocument(counts.questions);
    show(counts.questions, 'questions');
    const summary = await importContent(db, storage, document, {
      batchSize: 1000,
      onProgress: (done) => progressBar && bar.update(done),
    });
    bar.stop();

    const passwordHash = await hashPassword('synthetic-learner-password');
    await repo.insertUsers(
      db,
      Array.from({ length: counts.users }, (_, i) => ({
        email: `synthetic-learner-${i}@example.invalid`,
        firstName: 'Synthetic',
        lastName: `Learner ${i}`,
        passwordHash,
        isConfirmed: true,
      })),
    );
    const userIds = await repo.userIdsByEmailPrefix(db, 'synthetic-learner-');
    const keys = counts.history ? await repo.questionChoiceKeys(db, 'synthetic:') : [];
    let written = 0;
    if (counts.history && userIds.length && keys.length) {
      const next = random(42);
      show(counts.history, 'history');
      const epoch = Date.UTC(2025, 0, 1);
      while (written < counts.history) {
        const rows = [];
        for (let k = 0; k < 5000 && written < counts.history; k++, written++) {
          const q = keys[Math.floor(next() * keys.length)]!;
          const right = next() < 0.6;
          const chosen = right
            ? q.choice_ids.filter((_, i) => q.correct[i])
            : [q.choice_ids[Math.floor(next() * q.choice_ids.length)]!];
          const isCorrect =
            right ||
            (q.correct[q.choice_ids.indexOf(chosen[0]!)] === true &&
              q.correct.filter(Boolean).length === 1);
          rows.push({
            userId: userIds[Math.floor(next() * userIds.length)]!,
            questionId: q.id,
            choices: chosen,
            isCorrect,
            score: isCorrect ? 1 : 0,
            timeSpentMs: 5000 + Math.floor(next() * 60000),
            mode: next() < 0.8 ? ('study' as const) : ('exam' as const),
            createdAt: new Date(epoch + Math.floor(next() * 300 * 86_400_000)),
          });
        }
        await repo.insertHistory(db, rows);
        if (progressBar) bar.update(written);
      }
      bar.stop();
    }
    // The statistics' aggregates follow the history written above (decision 039).
    if (written) await rebuildAll(db);
    // Running servers drop their cached question pages (history and learners changed).
    await invalidateAll(db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return (
      `Synthetic data: questions ${summary.questions.created} created, ${summary.questions.updated} updated; ` +
      `${userIds.length} synthetic learners; ${written} history rows. ${seconds} s`
    );
  } finally {
    bar.stop();
  }
}
