import {
  DUPLICATE_THRESHOLD_DEFAULT,
  type ContentDocument,
  type DuplicateCheck,
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

/** The closest questions to each probe, grouped by the probe's position. */
async function matchesByProbe(
  deps: Deps,
  probes: repo.Probe[],
): Promise<{ threshold: number; byProbe: Map<number, DuplicateMatch[]> }> {
  const { threshold } = await duplicateSettings(deps);
  const rows = await repo.nearDuplicates(deps.db, probes, threshold, PER_QUESTION);
  const byProbe = new Map<number, DuplicateMatch[]>();
  for (const r of rows) {
    const list = byProbe.get(r.n) ?? [];
    list.push(toMatch(r));
    byProbe.set(r.n, list);
  }
  return { threshold, byProbe };
}

/** The editor's "possible duplicates" of one saved question (itself left out). */
export async function duplicatesOfQuestion(deps: Deps, id: number): Promise<DuplicateMatch[]> {
  const texts = await repo.textsOf(deps.db, id);
  if (texts === undefined) throw notFound();
  const { byProbe } = await matchesByProbe(deps, [{ n: 0, ...texts, ext: null, self: id }]);
  return byProbe.get(0) ?? [];
}

/**
 * The editor's check of a text being typed, saved or not: the same comparison as a saved
 * question's, on the form's stem, choices and explanation (the question itself left out).
 */
export async function duplicatesOfDraft(
  deps: Deps,
  draft: DuplicateCheck,
): Promise<DuplicateMatch[]> {
  if (!draft.stem.trim()) return [];
  const { byProbe } = await matchesByProbe(deps, [
    {
      n: 0,
      stem: draft.stem,
      text: comparisonText(draft.stem, draft.choices, draft.explanation),
      ext: null,
      self: draft.question,
    },
  ]);
  return byProbe.get(0) ?? [];
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
  const { threshold, byProbe } = await matchesByProbe(
    deps,
    document.questions.map((q, n) => ({
      n,
      stem: q.stem,
      text: comparisonText(q.stem, q.choices, q.explanation),
      ext: q.external_id ?? null,
      self: null,
    })),
  );
  return {
    threshold,
    duplicates: [...byProbe].map(([index, matches]) => ({
      index,
      external_id: document.questions[index]!.external_id ?? null,
      stem: document.questions[index]!.stem.slice(0, 160),
      matches,
    })),
  };
}
