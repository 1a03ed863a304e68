import type { ScoringRule } from '@qbank/contract';
import { scoreAnswer, type ScorableChoice } from '../history/scoring';

/**
 * Re-scoring after a key change (decision 037). The rule a learner used (all-or-nothing or
 * partial) is not stored with the answer; it is read back from the stored score: a qcm answer
 * whose score only the partial rule explains was scored partially. Anything else (a qcs, or a
 * score both rules give) is re-scored all-or-nothing, the default.
 */
export function ruleOf(
  type: 'qcs' | 'qcm',
  oldKey: ScorableChoice[],
  ticked: number[],
  storedScore: number,
): ScoringRule {
  if (type !== 'qcm') return 'all_or_nothing';
  const strict = scoreAnswer(type, oldKey, ticked, 'all_or_nothing').score;
  const partial = scoreAnswer(type, oldKey, ticked, 'partial').score;
  return Math.abs(partial - storedScore) < 1e-6 && Math.abs(strict - storedScore) >= 1e-6
    ? 'partial'
    : 'all_or_nothing';
}

export interface Rescorable {
  id: number;
  choices: number[];
  score: number;
}

/** The answers whose score changes under the new key, with their new score. */
export function rescore(
  oldType: 'qcs' | 'qcm',
  oldKey: ScorableChoice[],
  newType: 'qcs' | 'qcm',
  newKey: ScorableChoice[],
  answers: Rescorable[],
): { id: number; score: number }[] {
  const changed: { id: number; score: number }[] = [];
  const own = new Set(newKey.map((c) => c.id));
  for (const answer of answers) {
    const rule = ruleOf(oldType, oldKey, answer.choices, answer.score);
    // A ticked choice that was deleted no longer counts.
    const ticked = answer.choices.filter((id) => own.has(id));
    const { score } = scoreAnswer(
      newType,
      newKey,
      ticked,
      newType === 'qcm' ? rule : 'all_or_nothing',
    );
    if (Math.abs(score - answer.score) >= 1e-6) changed.push({ id: answer.id, score });
  }
  return changed;
}

/** Same correct set, same choice set, same type: the key did not change. */
export function sameKey(
  oldType: string,
  oldKey: ScorableChoice[],
  newType: string,
  newKey: ScorableChoice[],
): boolean {
  const sig = (key: ScorableChoice[]) =>
    key
      .map((c) => `${c.id}:${c.isCorrect ? 1 : 0}`)
      .sort()
      .join(',');
  return oldType === newType && sig(oldKey) === sig(newKey);
}
