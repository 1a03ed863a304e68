import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ContentQuestion } from '@qbank/contract';
import { setupTestApp } from '../../../test/helper';
import { questions } from '../../db/schema/index';
import { parseContent, type ContentFormat } from './content.parse';
import { importFile } from './content.service';
import { validateContent } from './content.validate';

/**
 * Conformance on real third-party files (GPL/MIT/EUPL, kept outside the project in
 * ../shared/datasets/import-samples): each must give what its expected.json entry says.
 * Runs wherever that folder sits next to the repository (CI has it).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const samples = path.resolve(repoRoot, '../shared/datasets/import-samples');
const present = fs.existsSync(path.join(samples, 'expected.json'));

interface Sample {
  name?: string;
  stem_contains: string;
  choices: number;
  correct: number[];
  choice_texts?: string[];
  correct_choice_contains?: string;
  answer?: boolean;
  has_general_feedback?: boolean;
  embedded_files?: string[];
}
interface Expected {
  format: ContentFormat;
  importable: number;
  unsupported: number;
  rejected?: boolean;
  error_lines?: Record<string, string>;
  samples: Sample[];
}

it('finds the import samples next to the repository in CI (elsewhere they are optional)', () => {
  expect(present || !process.env.CI).toBe(true);
});

describe.runIf(present)('import samples (../shared/datasets/import-samples)', async () => {
  const { app } = await setupTestApp();
  const expected = present
    ? (JSON.parse(fs.readFileSync(path.join(samples, 'expected.json'), 'utf8')) as Record<
        string,
        Expected
      >)
    : {};
  const total = async () => (await app.db.select({ n: count() }).from(questions))[0]!.n;

  const find = (list: ContentQuestion[], s: Sample) => {
    const matches = list.filter((q) => q.stem.includes(s.stem_contains));
    if (matches.length <= 1 || !s.name) return matches[0];
    return matches.find((q) => q.external_id.endsWith(`:${s.name!.trim()}`));
  };

  for (const [file, want] of Object.entries(expected)) {
    it(`${file}: ${want.rejected ? 'refused, nothing imported' : `${want.importable} imported, ${want.unsupported} skipped`}`, async () => {
      const full = path.join(samples, file);
      const checked = await validateContent(
        parseContent(fs.readFileSync(full), want.format, { fileName: file }),
      );
      const before = await total();
      const result = await importFile(app.db, app.storage, full, { format: want.format });

      if (want.rejected) {
        expect(result.ok).toBe(false);
        expect(await total()).toBe(before);
        for (const range of Object.keys(want.error_lines ?? {})) {
          const [from, to = from] = range.split('-').map(Number) as [number, number?];
          // An error names the lines its record spans (issue 32), which must meet the range; a
          // brace-matching reader may name the next '{' instead (expected.json allows it).
          const hit = result.errors.some(
            (e) => e.line !== undefined && e.line <= to! && (e.end_line ?? e.line) >= from!,
          );
          expect(hit, `an error names line ${range}: ${JSON.stringify(result.errors)}`).toBe(true);
        }
        return;
      }

      expect(result.errors).toEqual([]);
      const merged = checked.warnings.filter((w) =>
        w.message.startsWith('Same question as line'),
      ).length;
      expect(checked.document.questions.length + merged).toBe(want.importable);
      expect(result.skipped.filter((s) => s.message.startsWith('Skipped:'))).toHaveLength(
        want.unsupported,
      );
      const written = result.summary!.questions;
      expect(written.created + written.updated).toBe(checked.document.questions.length);
      expect(await total()).toBe(before + written.created);

      for (const s of want.samples) {
        const q = find(checked.document.questions, s);
        expect(q, `sample "${s.name ?? s.stem_contains}"`).toBeDefined();
        expect(q!.choices).toHaveLength(s.choices);
        expect(q!.choices.flatMap((c, i) => (c.is_correct ? [i] : []))).toEqual(s.correct);
        if (s.choice_texts) expect(q!.choices.map((c) => c.text)).toEqual(s.choice_texts);
        if (s.correct_choice_contains) {
          expect(
            q!.choices.some((c) => c.is_correct && c.text.includes(s.correct_choice_contains!)),
          ).toBe(true);
        }
        if (s.answer !== undefined) expect(q!.choices[s.answer ? 0 : 1]!.is_correct).toBe(true);
        if (s.has_general_feedback) expect(q!.explanation).not.toBe('');
        expect(q!.stem.startsWith('\uFEFF')).toBe(false);
        expect(q!.choices.some((c) => c.text.endsWith('\r'))).toBe(false);
        for (const name of s.embedded_files ?? []) {
          // SVG can carry scripts: dropped with a warning; raster images are kept.
          expect(q!.images.some((i) => i.name === name)).toBe(!name.endsWith('.svg'));
        }
      }
    });
  }

  it('a second import of the same files updates and never duplicates', async () => {
    const file = path.join(samples, 'csv/agora_question_bank_reviewed.csv');
    const before = await total();
    const again = await importFile(app.db, app.storage, file);
    expect(again.summary!.questions.created).toBe(0);
    expect(await total()).toBe(before);
  });
});
