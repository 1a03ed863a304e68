import type { Db } from '../../db/client';
import type { Storage } from '../../lib/storage';
import * as repo from './content.repository';
import { importContent, type ImportSummary } from './content.service';
import { buildDemoDocument } from './demo-bank';

/**
 * Loads the demo bank when the questions table is empty; answers undefined when there was
 * already content (so a restart, or a database someone filled, is never touched).
 */
export async function loadDemoBankIfEmpty(
  db: Db,
  storage: Storage,
): Promise<ImportSummary | undefined> {
  if ((await repo.countQuestions(db)) > 0) return undefined;
  return importContent(db, storage, buildDemoDocument(), { batchSize: 500 });
}
