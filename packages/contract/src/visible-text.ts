// No zod import: the web's editor uses this rule too.

/** An element that shows something without text: an image, a formula, a media element. */
const SHOWS_ALONE = /<(img|svg|video|audio|object|iframe|math)\b|!\[[^\]]*\]\([^)]+\)/i;

/**
 * False for a text that shows nothing: only markup without text (`<p dir="ltr"></p>`), spaces,
 * `&nbsp;` or `<br>` (issue 39: a failed export of rendered maths). An HTML or Markdown image,
 * a formula or a media element counts as content.
 */
export function hasVisibleContent(markup: string): boolean {
  if (SHOWS_ALONE.test(markup)) return true;
  const text = markup
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|#160|#xa0|ensp|emsp|thinsp|zwnj|zwj|#8203);/gi, '');
  return /[^\s\u200b-\u200d\ufeff]/.test(text);
}
