import { describe, expect, it } from 'vitest';
import { countDiscordances, scoreAnswer } from './scoring';

// A qcm with five choices: 1, 2 and 3 correct; 4 and 5 wrong.
const qcm = [
  { id: 1, isCorrect: true },
  { id: 2, isCorrect: true },
  { id: 3, isCorrect: true },
  { id: 4, isCorrect: false },
  { id: 5, isCorrect: false },
];
const qcs = [
  { id: 1, isCorrect: true },
  { id: 2, isCorrect: false },
  { id: 3, isCorrect: false },
];

describe('countDiscordances', () => {
  it('counts choices ticked wrongly and choices left unticked wrongly', () => {
    expect(countDiscordances(qcm, [1, 2, 3])).toBe(0);
    expect(countDiscordances(qcm, [1, 2])).toBe(1); // 3 left unticked
    expect(countDiscordances(qcm, [1, 2, 3, 4])).toBe(1); // 4 ticked
    expect(countDiscordances(qcm, [1, 4])).toBe(3);
    expect(countDiscordances(qcm, [4, 5])).toBe(5);
    expect(countDiscordances(qcm, [])).toBe(3);
  });
});

describe('scoreAnswer: qcm, partial rule of French medical exams', () => {
  it.each([
    ['0 discordance', [1, 2, 3], 1, true],
    ['1 discordance (one missed)', [1, 2], 0.5, false],
    ['1 discordance (one wrongly ticked)', [1, 2, 3, 5], 0.5, false],
    ['2 discordances', [1, 2, 3, 4, 5], 0.2, false],
    ['2 discordances (mixed)', [1, 2, 4], 0.2, false],
    ['3 discordances', [1, 2, 4, 5], 0, false],
    ['4 discordances', [1, 4, 5], 0, false],
    ['nothing ticked (3)', [], 0, false],
  ] as const)('%s → %s', (_label, ticked, score, isCorrect) => {
    expect(scoreAnswer('qcm', qcm, ticked, 'partial')).toEqual({ score, isCorrect });
  });
});

describe('scoreAnswer: qcm, all-or-nothing', () => {
  it.each([
    [[1, 2, 3], 1],
    [[1, 2], 0],
    [[1, 2, 3, 4], 0],
    [[1, 2, 3, 4, 5], 0],
    [[4, 5], 0],
    [[], 0],
  ] as const)('%j → %s', (ticked, score) => {
    expect(scoreAnswer('qcm', qcm, ticked, 'all_or_nothing')).toEqual({
      score,
      isCorrect: score === 1,
    });
  });

  it('is the default rule', () => {
    expect(scoreAnswer('qcm', qcm, [1, 2]).score).toBe(0);
  });

  it('ignores a repeated id', () => {
    expect(scoreAnswer('qcm', qcm, [1, 1, 2, 3]).score).toBe(1);
  });
});

describe('scoreAnswer: qcs', () => {
  it('is right iff the single correct choice alone is ticked, whatever the rule', () => {
    for (const rule of ['all_or_nothing', 'partial'] as const) {
      expect(scoreAnswer('qcs', qcs, [1], rule)).toEqual({ score: 1, isCorrect: true });
      expect(scoreAnswer('qcs', qcs, [2], rule)).toEqual({ score: 0, isCorrect: false });
      expect(scoreAnswer('qcs', qcs, [1, 2], rule)).toEqual({ score: 0, isCorrect: false });
      expect(scoreAnswer('qcs', qcs, [], rule)).toEqual({ score: 0, isCorrect: false });
    }
  });
});
