import { useCallback, useEffect, useState } from 'react';
import { marksOf, setHighlights, useToolsState } from '../../lib/exam-tools-store';
import {
  rangeFromOffsets,
  selectOffsets,
  selectionOffsets,
  sentenceRanges,
  toggleRange,
} from '../../lib/text-ranges';

/** The name the stylesheet paints (`::highlight(qbank-stem-highlight)`). */
const HIGHLIGHT_NAME = 'qbank-stem-highlight';

/**
 * Paints the stem's highlights with the CSS Custom Highlight API: no element is added to the
 * text React renders, so the Markdown can re-render freely and the offsets stay valid.
 */
function paint(root: HTMLElement | null, ranges: [number, number][]) {
  if (typeof CSS === 'undefined' || !('highlights' in CSS)) return;
  if (!root || ranges.length === 0) {
    CSS.highlights.delete(HIGHLIGHT_NAME);
    return;
  }
  const domRanges = ranges
    .map((r) => rangeFromOffsets(root, r))
    .filter((r): r is Range => r !== null);
  CSS.highlights.set(HIGHLIGHT_NAME, new Highlight(...domRanges));
}

/** Highlights of one question's stem: select text, then toggle; `[` and `]` select sentences. */
export function useStemHighlights(scope: string, questionId: number) {
  // A callback ref (a state setter): painting waits for the element to be there.
  const [root, attach] = useState<HTMLElement | null>(null);
  const highlights = marksOf(useToolsState(scope), questionId).highlights;
  const [sentence, setSentence] = useState(-1);

  useEffect(() => {
    paint(root, highlights);
    if (!root) return;
    // The Markdown chunk replaces the plain text once loaded: paint again on the new nodes.
    const observer = new MutationObserver(() => paint(root, highlights));
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      paint(null, []);
    };
  }, [root, highlights]);

  /** Highlights the selection, or removes the highlights it touches; false without one. */
  const toggleSelection = useCallback((): boolean => {
    const picked = root ? selectionOffsets(root) : null;
    if (!picked) return false;
    setHighlights(scope, questionId, toggleRange(highlights, picked));
    window.getSelection()?.removeAllRanges();
    return true;
  }, [highlights, questionId, root, scope]);

  const selectSentence = useCallback(
    (step: 1 | -1) => {
      if (!root) return;
      const sentences = sentenceRanges(root);
      if (sentences.length === 0) return;
      const next = (sentence + step + sentences.length) % sentences.length;
      setSentence(next);
      selectOffsets(root, sentences[next]!);
    },
    [root, sentence],
  );

  const clear = useCallback(() => setHighlights(scope, questionId, []), [questionId, scope]);

  return { attach, count: highlights.length, toggleSelection, selectSentence, clear };
}
