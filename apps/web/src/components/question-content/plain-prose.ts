/**
 * Most questions are plain sentences: no Markdown, HTML or maths. Those render as paragraphs at
 * once, without the Markdown chunk (react-markdown, the HTML parser and KaTeX: ~175 KB gzipped),
 * which a phone on a slow network would otherwise fetch and parse before the first question
 * settles. The test is conservative: any character or line start that Markdown, GFM or maths
 * could read differently sends the text to the full renderer.
 */

/** Letters, digits, spaces and prose punctuation that Markdown never treats as syntax here. */
const PROSE = /^[\p{L}\p{M}\p{N}\s.,;:?!'"’‘“”«»()%/+=°±×–—-]*$/u;
/** Line starts Markdown reads as blocks: lists, headings' underlines, quotes, ordered items. */
const BLOCK_START = /(^|\n)[ \t]*([-+=]|\d+[.)]\s)|(^|\n)( {4}|\t)/;
/** What GFM turns into links without any mark-up. */
const AUTOLINK = /www\.|https?:|@/i;

export function isPlainProse(text: string): boolean {
  return PROSE.test(text) && !BLOCK_START.test(text) && !AUTOLINK.test(text);
}

/** The paragraphs Markdown would make of plain prose (a blank line separates two). */
export function proseParagraphs(text: string): string[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
