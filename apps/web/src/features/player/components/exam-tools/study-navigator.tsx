import type { Question } from '@qbank/contract/questions';
import { useTranslation } from 'react-i18next';
import { useToolsState, type ToolsState } from '../../lib/exam-tools-store';
import { QuestionNavigator } from './question-navigator';
import '../../../../lib/i18n-learning';

/** The flagged positions of a scope, in order. */
export function flaggedPositions(state: ToolsState): number[] {
  return [...new Set(Object.values(state.flags))].sort((a, b) => a - b);
}

/** The first flagged position after `current`, wrapping round; null when none is flagged. */
export function nextFlagged(positions: number[], current: number): number | null {
  return positions.find((n) => n > current) ?? positions[0] ?? null;
}

type Props = {
  sessionId: number;
  /** The questions of the shown page and the first position on it. */
  questions: Question[];
  firstPosition: number;
  current: number;
  onJump: (n: number) => void;
};

/**
 * A study session's navigator: the questions of the shown page (answered, flagged or empty) and
 * the flagged questions of other pages, each a jump.
 */
export function StudyNavigator({ sessionId, questions, firstPosition, current, onJump }: Props) {
  const { t } = useTranslation();
  const state = useToolsState(`session-${sessionId}`);
  const last = firstPosition + questions.length - 1;
  const items = questions.map((q, k) => ({
    n: firstPosition + k,
    answered: q.last_answer !== null,
    flagged: state.flags[String(q.id)] !== undefined,
    current: firstPosition + k === current,
  }));
  const elsewhere = flaggedPositions(state).filter((n) => n < firstPosition || n > last);
  return (
    <QuestionNavigator
      items={items}
      onJump={onJump}
      flaggedElsewhere={elsewhere}
      label={t('exam-tools.navigator')}
    />
  );
}
