import type { ScoringRule } from '@qbank/contract';

export interface ScorableChoice {
  id: number;
  isCorrect: boolean;
}

export interface Score {
  score: number;
  isCorrect: boolean;
}

/** Points of the partial rule of French medical exams, by number of discordances. */
const PARTIAL_POINTS = [1, 0.5, 0.2] as const;

/**
 * A discordance is a choice ticked wrongly or left unticked wrongly (docs/decisions, scoring).
 * Ticked ids that are not choices of the question must be rejected before scoring.
 */
export function countDiscordances(choices: ScorableChoice[], ticked: Iterable<number>): number {
  const tickedSet = new Set(ticked);
  return choices.filter((c) => c.isCorrect !== tickedSet.has(c.id)).length;
}

/**
 * Scores one answer (PRODUCT.md §3). A qcs is right iff its single correct choice is the only
 * one ticked; a qcm follows the user's rule: all-or-nothing, or partial (0 discordance = 1,
 * 1 = 0.5, 2 = 0.2, 3 or more = 0). Right means a full point.
 */
export function scoreAnswer(
  type: 'qcs' | 'qcm',
  choices: ScorableChoice[],
  ticked: Iterable<number>,
  rule: ScoringRule = 'all_or_nothing',
): Score {
  const discordances = countDiscordances(choices, ticked);
  const score =
    type === 'qcm' && rule === 'partial'
      ? (PARTIAL_POINTS[discordances] ?? 0)
      : discordances === 0
        ? 1
        : 0;
  return { score, isCorrect: score === 1 };
}
