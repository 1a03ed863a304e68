/**
 * True when the page arrived with its screen already in the HTML (an auth screen prerendered at
 * build time, see src/prerender.tsx) and on the server making that HTML: the first client render
 * must then match the markup, so main.tsx hydrates it instead of starting from an empty root.
 */
export const paintedFromHtml =
  typeof document === 'undefined' || Boolean(document.getElementById('root')?.firstChild);
