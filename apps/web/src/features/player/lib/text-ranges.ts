import type { HighlightRange } from './exam-tools-store';

/**
 * Highlights are kept as character offsets in a container's text, so that they survive a reload
 * and a re-render of the Markdown; these helpers turn DOM ranges into offsets and back.
 */

function textNodes(root: Node): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  return nodes;
}

/** The offset in `root`'s text of a DOM position inside it. */
function offsetOf(root: Node, node: Node, offset: number): number {
  const range = document.createRange();
  range.selectNodeContents(root);
  range.setEnd(node, offset);
  return range.toString().length;
}

/** The selection's offsets in `root`, or null when it is collapsed or not inside `root`. */
export function selectionOffsets(root: HTMLElement): HighlightRange | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return null;
  const start = offsetOf(root, range.startContainer, range.startOffset);
  const end = offsetOf(root, range.endContainer, range.endOffset);
  return end > start ? [start, end] : null;
}

/** A DOM range over `root`'s text between two offsets (clamped to the text). */
export function rangeFromOffsets(root: HTMLElement, [start, end]: HighlightRange): Range | null {
  const range = document.createRange();
  let seen = 0;
  let started = false;
  for (const node of textNodes(root)) {
    const length = node.data.length;
    if (!started && start <= seen + length) {
      range.setStart(node, Math.max(0, start - seen));
      started = true;
    }
    if (started && end <= seen + length) {
      range.setEnd(node, Math.max(0, end - seen));
      return range;
    }
    seen += length;
  }
  return null;
}

const overlaps = (a: HighlightRange, b: HighlightRange) => a[0] < b[1] && b[0] < a[1];

/**
 * Highlighting a selection: a selection touching highlights removes them (the same key undoes
 * what it did); otherwise it is added.
 */
export function toggleRange(ranges: HighlightRange[], picked: HighlightRange): HighlightRange[] {
  const kept = ranges.filter((r) => !overlaps(r, picked));
  return kept.length < ranges.length ? kept : [...kept, picked].sort((a, b) => a[0] - b[0]);
}

/** The sentences of `root`'s text as offsets, for highlighting by keyboard. */
export function sentenceRanges(root: HTMLElement): HighlightRange[] {
  const text = root.textContent ?? '';
  const found: HighlightRange[] = [];
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
  for (const { segment, index } of segmenter.segment(text)) {
    const lead = segment.length - segment.trimStart().length;
    const trimmed = segment.trim();
    if (trimmed) found.push([index + lead, index + lead + trimmed.length]);
  }
  return found;
}

/** Selects a range of `root`'s text, so that the highlight key can act on it. */
export function selectOffsets(root: HTMLElement, offsets: HighlightRange): void {
  const range = rangeFromOffsets(root, offsets);
  const selection = window.getSelection();
  if (!range || !selection) return;
  selection.removeAllRanges();
  selection.addRange(range);
}
