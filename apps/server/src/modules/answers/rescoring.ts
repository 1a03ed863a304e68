import type { ScoringRule } from '@qbank/contract';
import type { KeyChange } from './effects/effect';
import { scoreAnswer, type ScorableChoice } from './scoring';

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

/**
 * The key change of a question, for the stored answers: each is re-scored under the new key with
 * the rule it was scored by (null when its score stays).
 */
export function keyChangeOf(
  questionId: number,
  old: { type: 'qcs' | 'qcm'; key: ScorableChoice[] },
  next: { type: 'qcs' | 'qcm'; key: ScorableChoice[] },
): KeyChange {
  const own = new Set(next.key.map((c) => c.id));
  // A ticked choice that was deleted no longer counts.
  const scoreWith = (choices: number[], rule: ScoringRule) =>
    scoreAnswer(
      next.type,
      next.key,
      choices.filter((id) => own.has(id)),
      next.type === 'qcm' ? rule : 'all_or_nothing',
    ).score;
  return {
    questionId,
    scoreWith,
    rescore(answer) {
      const score = scoreWith(
        answer.choices,
        ruleOf(old.type, old.key, answer.choices, answer.score),
      );
      return Math.abs(score - answer.score) >= 1e-6 ? score : null;
    },
  };
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
