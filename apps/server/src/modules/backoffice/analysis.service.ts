import { choiceLetter } from '@qbank/contract';
import type { BankPage, BankQuery, ItemAnalysis } from '@qbank/contract';
import type { ServiceDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import * as bank from './bank.repository';
import { findQuestion } from './question-admin.repository';

type Deps = Pick<ServiceDeps, 'db'>;

const round = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);

export async function bankTable({ db }: Deps, query: BankQuery): Promise<BankPage> {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.page_size ?? 25);
  const list = await bank.bankPage(db, { ...query, page, page_size: pageSize });
  return {
    count: list[0]?.total ?? 0,
    results: list.map(({ total: _total, ...r }) => ({
      ...r,
      facility: round(r.facility),
      discrimination: round(r.discrimination),
      updated_at: new Date(r.updated_at).toISOString(),
    })),
  };
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Point-biserial correlation between being right on this item and the learner's overall share
 * of right first answers: (M1 − M0) / s · √(p·q). Null when everyone is right, or wrong, or
 * every learner has the same overall score.
 */
function pointBiserial(answers: bank.FirstAnswer[]): number | null {
  const n = answers.length;
  if (n < 2) return null;
  const right = answers.filter((a) => a.is_correct);
  const wrong = answers.filter((a) => !a.is_correct);
  if (!right.length || !wrong.length) return null;
  const mean = (list: bank.FirstAnswer[]) => list.reduce((s, a) => s + a.overall, 0) / list.length;
  const all = mean(answers);
  const sd = Math.sqrt(answers.reduce((s, a) => s + (a.overall - all) ** 2, 0) / n);
  if (sd === 0) return null;
  const p = right.length / n;
  return ((mean(right) - mean(wrong)) / sd) * Math.sqrt(p * (1 - p));
}

export async function itemAnalysis({ db }: Deps, questionId: number): Promise<ItemAnalysis> {
  const question = await findQuestion(db, questionId);
  if (!question) throw notFound();
  const answers = await bank.firstAnswersOf(db, questionId);
  const n = answers.length;
  const facility = n ? answers.filter((a) => a.is_correct).length / n : null;
  const share = (third: number) => {
    const group = answers.filter((a) => a.third === third);
    return group.length ? group.filter((a) => a.is_correct).length / group.length : null;
  };
  const top = share(3);
  const bottom = share(1);
  const discrimination = top === null || bottom === null ? null : top - bottom;
  const choices = question.choices.map((c, i) => {
    const picked = answers.filter((a) => a.choices.includes(c.id)).length;
    return {
      id: c.id,
      letter: choiceLetter(i),
      is_correct: c.isCorrect,
      picked,
      share: n ? Math.round((picked / n) * 1000) / 1000 : 0,
    };
  });
  const flags: ItemAnalysis['flags'] = [];
  if (n >= bank.MIN_ANSWERS && facility !== null) {
    if (facility >= bank.TOO_EASY) flags.push('too_easy');
    if (facility <= bank.TOO_HARD) flags.push('too_hard');
    if (discrimination !== null && discrimination < 0) flags.push('negative_discrimination');
    if (choices.some((c) => !c.is_correct && c.picked === 0)) flags.push('dead_distractor');
  }
  return {
    question: questionId,
    answers: n,
    facility: round(facility),
    discrimination: round(discrimination),
    point_biserial: round(pointBiserial(answers)),
    median_time_ms: median(answers.map((a) => a.time_spent_ms)),
    choices,
    flags,
  };
}
