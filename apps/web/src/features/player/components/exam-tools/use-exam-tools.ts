import { useEffect, useRef } from 'react';
import { toggleFlag, toggleStrike, marksOf, useToolsState } from '../../lib/exam-tools-store';
import { choiceIndexForKey, isTypingTarget } from '../../lib/keys';
import { pauseClock } from '../../lib/pause-clock';
import { useStemHighlights } from './use-stem-highlights';

type Options = {
  /** `session-<id>` or `exam-<id>`: where the marks are kept. */
  scope: string;
  questionId: number;
  /** 1-based position of the question, kept with a flag to jump back to it. */
  position: number;
  /** Choice ids in display order (Shift+A–H strikes by displayed letter). */
  choiceIds: number[];
  /** Study and untimed exams only. */
  pausable: boolean;
  onNextFlagged?: () => void;
};

/** What the tools bar acts on (the stem's callback ref is kept apart, for the stem). */
export type ExamTools = Omit<ReturnType<typeof useExamTools>, 'attachStem'>;

/** Shift+A–Z or Shift+1–9: the displayed position of the choice to strike out. */
function strikeIndex(event: KeyboardEvent): number | null {
  if (!event.shiftKey) return null;
  if (/^Digit[1-9]$/.test(event.code)) return Number(event.code.slice(5)) - 1;
  return choiceIndexForKey(event.key);
}

/**
 * With more than a dozen choices (issue 39), a tool's letter (M, L, P, J) may also be a choice's:
 * the choice wins, since ticking is what the question needs; the tool keeps its toolbar button.
 */
const isChoiceLetter = (key: string, choices: number) => {
  const index = /^[a-z]$/i.test(key) ? choiceIndexForKey(key) : null;
  return index !== null && index < choices;
};

/**
 * The exam tools of one shown question (issue 13) and their keys. The keys are read in the
 * capture phase, before the player's own keys: Shift+letter would otherwise tick the choice.
 */
export function useExamTools(options: Options) {
  const { scope, questionId, position } = options;
  const state = useToolsState(scope);
  const marks = marksOf(state, questionId);
  const flagged = state.flags[String(questionId)] !== undefined;
  const { attach: attachStem, ...stem } = useStemHighlights(scope, questionId);

  const strike = (choiceId: number) => toggleStrike(scope, questionId, choiceId);
  const flag = () => toggleFlag(scope, questionId, position);

  const latest = useRef({ options, strike, flag, stem });
  useEffect(() => {
    latest.current = { options, strike, flag, stem };
  });

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || document.querySelector('dialog[open]')) return;
      const { options: o, strike: s, flag: f, stem: h } = latest.current;
      const index = strikeIndex(event);
      const key = event.key.toLowerCase();
      let handled = true;
      const choiceId = index === null ? undefined : o.choiceIds[index];
      if (choiceId !== undefined) s(choiceId);
      else if (!event.shiftKey && isChoiceLetter(key, o.choiceIds.length)) handled = false;
      else if (key === 'm') f();
      else if (key === 'l' && event.shiftKey) h.clear();
      else if (key === 'l') handled = h.toggleSelection();
      else if (event.key === ']') h.selectSentence(1);
      else if (event.key === '[') h.selectSentence(-1);
      else if (key === 'p' && o.pausable) pauseClock();
      else if (key === 'j' && o.onNextFlagged) o.onNextFlagged();
      else handled = false;
      if (handled) event.preventDefault();
    }
    document.addEventListener('keydown', onKey, { capture: true });
    return () => document.removeEventListener('keydown', onKey, { capture: true });
  }, []);

  return {
    attachStem,
    struck: marks.struck,
    strike,
    flagged,
    flag,
    stem,
    pausable: options.pausable,
  };
}
