import type { Db } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { insertPlan, listPlans } from '../subscriptions/subscriptions.service';
import * as repo from './content.repository';
import { importContent, type ImportSummary } from './content.service';
import { buildDemoDocument } from './demo-bank';

/** The plan shipped with the demo bank, so a new user can walk the whole purchase path. */
export const DEMO_PLAN = {
  name: 'Demo plan: every module',
  description:
    'A demonstration plan that opens every module of the demo bank for 30 days. Upload any receipt ' +
    'image: staff approve the purchase in the back office.',
  price: '5.00',
  currency: 'EUR',
  duration_days: 30,
  all_modules: true,
  modules: [],
  is_archived: false,
};

/**
 * Loads the demo bank when the questions table is empty; answers undefined when there was
 * already content (so a restart, or a database someone filled, is never touched). The demo plan
 * comes with it when there is no plan yet.
 */
export async function loadDemoBankIfEmpty(
  db: Db,
  storage: Storage,
): Promise<ImportSummary | undefined> {
  if ((await repo.countQuestions(db)) > 0) return undefined;
  const summary = await importContent(db, storage, buildDemoDocument(), { batchSize: 500 });
  if ((await listPlans({ db, storage }, undefined)).length === 0)
    await insertPlan({ db, storage }, DEMO_PLAN);
  return summary;
}
