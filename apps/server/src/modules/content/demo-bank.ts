import fs from 'node:fs';
import path from 'node:path';
import type { ContentDocument, ContentQuestion, DatasetCredit } from '@qbank/contract';
import { packageRoot } from '../../lib/paths';
import { decodeText, splitLines } from './formats/common';

/**
 * The demo bank: real questions from public data sets copied under apps/server/demo/ (each
 * with its licence and SOURCE.md), converted to our JSON format when they are loaded. Nothing
 * here is invented; records that cannot be used as they are (numeric JEE answers, garbled
 * choice markers) are left out.
 */

export const demoRoot = () => path.join(packageRoot(), 'demo');

export const DEMO_DATASETS: DatasetCredit[] = [
  {
    name: 'FrenchMedMCQA',
    licence: 'Apache-2.0',
    url: 'https://github.com/qanastek/FrenchMedMCQA',
    attribution:
      'Labrak, Bazoge, Dufour, Daille, Gourraud, Morin, Rouvier — "FrenchMedMCQA: A French Multiple-Choice Question Answering Dataset for Medical domain", LOUHI 2022.',
  },
  {
    name: 'JEEBench',
    licence: 'MIT',
    url: 'https://github.com/dair-iitd/jeebench',
    attribution:
      'Arora, Singh, Mausam — "Have LLMs Advanced Enough? A Challenging Problem Solving Benchmark For Large Language Models", EMNLP 2023. © 2023 DAIR Group, IIT Delhi.',
  },
  {
    name: 'OpenTriviaQA',
    licence: 'CC BY-SA 4.0',
    url: 'https://github.com/uberspot/OpenTriviaQA',
    attribution:
      'OpenTriviaQA by uberspot and contributors, CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/); questions reused as published, adapted only in layout.',
  },
  {
    name: 'AQuA-RAT',
    licence: 'Apache-2.0',
    url: 'https://github.com/google-deepmind/AQuA',
    attribution:
      'Ling, Yogatama, Dyer, Blunsom — "Program Induction by Rationale Generation: Learning to Solve and Explain Algebraic Word Problems", ACL 2017. Copyright 2017 Google Inc.',
  },
];

type Module = ContentDocument['modules'][number];
const emptyDocument = (): ContentDocument => ({
  format: 'qbank',
  version: 1,
  modules: [],
  clinical_cases: [],
  questions: [],
});
const module = (external_id: string, name: string, description: string, order: number): Module => ({
  external_id,
  name,
  description,
  order,
  courses: [],
  sources: [],
});
const question = (
  q: Partial<ContentQuestion> &
    Pick<ContentQuestion, 'external_id' | 'course' | 'type' | 'stem' | 'choices'>,
): ContentQuestion => ({
  source: null,
  clinical_case: null,
  explanation: '',
  year: null,
  tags: [],
  images: [],
  order: 0,
  ...q,
});
const readJson = <T>(...parts: string[]) =>
  JSON.parse(fs.readFileSync(path.join(demoRoot(), ...parts), 'utf8')) as T;

interface FrenchMedRecord {
  id: string;
  question: string;
  answers: Record<string, string>;
  correct_answers: string[];
}

function frenchMedMcqa(doc: ContentDocument): void {
  const mod = module('demo:fmc', 'Pharmacie (FrenchMedMCQA)', "QCM de l'internat en pharmacie.", 1);
  doc.modules.push(mod);
  const splits: [string, string][] = [
    ['train', "Série d'entraînement"],
    ['dev', 'Série de validation'],
    ['test', 'Série de test'],
  ];
  // A few records appear in two splits under the same id: the first one is kept.
  const seen = new Set<string>();
  splits.forEach(([split, name], order) => {
    const course = `demo:fmc:${split}`;
    mod.courses.push({ external_id: course, name, description: '', order });
    for (const r of readJson<FrenchMedRecord[]>('frenchmedmcqa', `${split}.json`)) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      const letters = Object.keys(r.answers).sort();
      const choices = letters.map((l) => ({
        text: r.answers[l]!.trim(),
        is_correct: r.correct_answers.includes(l),
        explanation: '',
      }));
      doc.questions.push(
        question({
          external_id: `demo:fmc:${r.id}`,
          course,
          type: r.correct_answers.length > 1 ? 'qcm' : 'qcs',
          stem: r.question.trim(),
          choices,
          tags: ['pharmacie'],
        }),
      );
    }
  });
}

interface JeeRecord {
  description: string;
  index: number;
  subject: 'phy' | 'chem' | 'math';
  type: string;
  question: string;
  gold: string;
}

/** The choices of a JEE question are written at the end of its text: (A) … (D) or [A] … [D]. */
export function splitJeeChoices(text: string): { stem: string; choices: string[] } | undefined {
  let end = text.length;
  const starts: number[] = [];
  for (const letter of ['D', 'C', 'B', 'A']) {
    const marker = new RegExp(`(?:^|\\s)([(\\[]${letter}[)\\]])`, 'g');
    let last = -1;
    for (const m of text.slice(0, end).matchAll(marker)) last = m.index + m[0].indexOf(m[1]!);
    if (last < 0) return undefined;
    starts.unshift(last);
    end = last;
  }
  const choices = starts.map((s, i) => text.slice(s + 3, starts[i + 1] ?? text.length).trim());
  const stem = text.slice(0, starts[0]).trim();
  return stem && choices.every(Boolean) ? { stem, choices } : undefined;
}

function jeeBench(doc: ContentDocument): void {
  const subjects = {
    phy: module('demo:jee:phy', 'Physics (JEE Advanced)', 'JEE Advanced 2016–2022 papers.', 2),
    chem: module('demo:jee:chem', 'Chemistry (JEE Advanced)', 'JEE Advanced 2016–2022 papers.', 3),
    math: module(
      'demo:jee:math',
      'Mathematics (JEE Advanced)',
      'JEE Advanced 2016–2022 papers.',
      4,
    ),
  };
  for (const [key, mod] of Object.entries(subjects)) {
    mod.courses.push({
      external_id: `${mod.external_id}:mcq`,
      name: 'Multiple-choice questions',
      description: '',
      order: 0,
    });
    doc.modules.push(mod);
    void key;
  }
  for (const r of readJson<JeeRecord[]>('jeebench', 'dataset.json')) {
    if (!r.type.startsWith('MCQ')) continue;
    const split = splitJeeChoices(r.question);
    if (!split) continue;
    const mod = subjects[r.subject];
    const sourceId = `${mod.external_id}:${r.description.toLowerCase().replace(/\s+/g, '-')}`;
    const year = Number(/\b(20\d\d)\b/.exec(r.description)?.[1]) || null;
    if (!mod.sources.some((s) => s.external_id === sourceId)) {
      mod.sources.push({
        external_id: sourceId,
        name: r.description,
        year,
        order: mod.sources.length,
      });
    }
    const gold = r.gold.toUpperCase();
    doc.questions.push(
      question({
        external_id: `demo:jee:${r.description}:${r.index}`,
        course: `${mod.external_id}:mcq`,
        source: sourceId,
        year,
        type: r.type === 'MCQ' ? 'qcs' : 'qcm',
        stem: split.stem,
        choices: split.choices.map((text, i) => ({
          text,
          is_correct: gold.includes('ABCD'[i]!),
          explanation: '',
        })),
        order: r.index,
      }),
    );
  }
}

export const TRIVIA_CATEGORIES = ['geography', 'science-technology', 'history'];
const TRIVIA_PER_CATEGORY = 400;

/** OpenTriviaQA blocks: `#Q stem` (maybe several lines), `^ answer`, `A …`, `B …`. */
export function parseTrivia(text: string): { stem: string; choices: string[]; answer: string }[] {
  const out: { stem: string; choices: string[]; answer: string }[] = [];
  let current: { stem: string; choices: string[]; answer: string } | undefined;
  for (const line of splitLines(text)) {
    if (line.startsWith('#Q ')) {
      if (current) out.push(current);
      current = { stem: line.slice(3).trim(), choices: [], answer: '' };
    } else if (!current) continue;
    else if (line.startsWith('^ ')) current.answer = line.slice(2).trim();
    else if (/^[A-H] /.test(line) && current.answer) current.choices.push(line.slice(2).trim());
    else if (line.trim() && !current.answer) current.stem += `\n${line.trim()}`;
  }
  if (current) out.push(current);
  return out;
}

function openTriviaQa(doc: ContentDocument): void {
  const mod = module('demo:otqa', 'General knowledge (OpenTriviaQA)', 'Trivia questions.', 5);
  doc.modules.push(mod);
  TRIVIA_CATEGORIES.forEach((category, order) => {
    const course = `demo:otqa:${category}`;
    const name = category.replace(/-/g, ' & ').replace(/^./, (c) => c.toUpperCase());
    mod.courses.push({ external_id: course, name, description: '', order });
    const text = decodeText(
      fs.readFileSync(path.join(demoRoot(), 'opentriviaqa', 'categories', category)),
    );
    let kept = 0;
    parseTrivia(text).forEach((r, n) => {
      if (kept >= TRIVIA_PER_CATEGORY) return;
      const correct = r.choices.indexOf(r.answer);
      if (correct < 0 || r.choices.length < 2 || r.choices.length > 8 || !r.stem) return;
      if (new Set(r.choices).size !== r.choices.length) return;
      kept++;
      doc.questions.push(
        question({
          external_id: `demo:otqa:${category}:${n}`,
          course,
          type: 'qcs',
          stem: r.stem,
          choices: r.choices.map((c, i) => ({
            text: c,
            is_correct: i === correct,
            explanation: '',
          })),
          order: n,
        }),
      );
    });
  });
}

interface AquaRecord {
  question: string;
  options: string[];
  rationale: string;
  correct: string;
}

function aquaRat(doc: ContentDocument): void {
  const mod = module(
    'demo:aqua',
    'Quantitative reasoning (AQuA-RAT)',
    'Algebra word problems with worked solutions.',
    6,
  );
  doc.modules.push(mod);
  (['dev', 'test'] as const).forEach((split, order) => {
    const course = `demo:aqua:${split}`;
    mod.courses.push({
      external_id: course,
      name: `Word problems ${order + 1}`,
      description: '',
      order,
    });
    const lines = fs
      .readFileSync(path.join(demoRoot(), 'aqua-rat', `${split}.json`), 'utf8')
      .split('\n');
    lines.forEach((line, n) => {
      if (!line.trim()) return;
      const r = JSON.parse(line) as AquaRecord;
      const choices = r.options.map((o) => o.replace(/^[A-E]\)\s*/, '').trim());
      if (choices.some((c) => !c) || new Set(choices).size !== choices.length) return;
      doc.questions.push(
        question({
          external_id: `demo:aqua:${split}:${n}`,
          course,
          type: 'qcs',
          stem: r.question.trim(),
          explanation: r.rationale.trim(),
          choices: choices.map((c, i) => ({
            text: c,
            is_correct: 'ABCDE'[i] === r.correct,
            explanation: '',
          })),
          order: n,
        }),
      );
    });
  });
}

/** The whole demo bank as one document of our JSON format. */
export function buildDemoDocument(): ContentDocument {
  const doc = emptyDocument();
  frenchMedMcqa(doc);
  jeeBench(doc);
  openTriviaQa(doc);
  aquaRat(doc);
  return doc;
}
