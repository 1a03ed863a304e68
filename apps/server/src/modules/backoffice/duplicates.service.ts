import {
  DUPLICATE_THRESHOLD_DEFAULT,
  type ContentDocument,
  type DuplicateMatch,
  type DuplicateSettings,
  type ImportDuplicate,
} from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { comparisonText } from '../content/content.service';
import * as repo from './duplicates.repository';

type Deps = Pick<ServiceDeps, 'db'>;

const THRESHOLD_KEY = 'duplicates.threshold';
/** The closest few are enough to decide; a long list of near-misses helps nobody. */
const PER_QUESTION = 5;

/** Staff's similarity threshold (0.1–1), or the default when never set. */
export async function duplicateSettings({ db }: Deps): Promise<DuplicateSettings> {
  const value = await repo.readSetting(db, THRESHOLD_KEY);
  return { threshold: typeof value === 'number' ? value : DUPLICATE_THRESHOLD_DEFAULT };
}

export async function setDuplicateSettings(
  { db }: Deps,
  actor: StaffActor,
  input: DuplicateSettings,
): Promise<DuplicateSettings> {
  const before = await duplicateSettings({ db });
  await repo.writeSetting(db, THRESHOLD_KEY, input.threshold);
  await recordStaffAction({ db }, actor, 'setting.update', { type: 'setting', id: null }, before, {
    threshold: input.threshold,
  });
  return { threshold: input.threshold };
}

const toMatch = (r: repo.MatchRow): DuplicateMatch => ({
  id: r.id,
  stem: r.stem,
  status: r.status,
  similarity: Math.round(r.similarity * 1000) / 1000,
});

/** The editor's "possible duplicates" of one question (itself left out). */
export async function duplicatesOfQuestion(deps: Deps, id: number): Promise<DuplicateMatch[]> {
  const text = await repo.searchTextOf(deps.db, id);
  if (text === undefined) throw notFound();
  const { threshold } = await duplicateSettings(deps);
  const rows = await repo.nearDuplicates(
    deps.db,
    [{ n: 0, text, ext: null, self: id }],
    threshold,
    PER_QUESTION,
  );
  return rows.map(toMatch);
}

/**
 * An import's dry-run check: each question of the file against the bank, compared on the same
 * text the bank stores (`comparisonText`); a bank question with the file's external id is the
 * record the import updates, not a duplicate.
 */
export async function duplicatesInImport(
  deps: Deps,
  document: ContentDocument,
): Promise<{ threshold: number; duplicates: ImportDuplicate[] }> {
  const { threshold } = await duplicateSettings(deps);
  const rows = await repo.nearDuplicates(
    deps.db,
    document.questions.map((q, n) => ({
      n,
      text: comparisonText(q.stem, q.choices, q.explanation),
      ext: q.external_id ?? null,
      self: null,
    })),
    threshold,
    PER_QUESTION,
  );
  const byIndex = new Map<number, DuplicateMatch[]>();
  for (const r of rows) {
    const list = byIndex.get(r.n) ?? [];
    list.push(toMatch(r));
    byIndex.set(r.n, list);
  }
  return {
    threshold,
    duplicates: [...byIndex].map(([index, matches]) => ({
      index,
      external_id: document.questions[index]!.external_id ?? null,
      stem: document.questions[index]!.stem.slice(0, 160),
      matches,
    })),
  };
}
