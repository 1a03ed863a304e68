/**
 * How question text marks its maths (decision 035). Imported banks write LaTeX between `$…$`,
 * `$$…$$`, `\(…\)` and `\[…\]`, and also write prices with a dollar sign ("$120 per vehicle …
 * $240"). A single `$` opens maths only under Pandoc's rule — a non-space character right after
 * the opening `$`, a non-space character right before the closing one, no digit right after it,
 * both in one paragraph — and not when the span reads as a price followed by words
 * ("$5 and the tip is 2$"). Every other `$` is escaped, so it stays prose.
 */

const PRICE_THEN_WORDS = /^\d[\d,.]*\s+[A-Za-z]{2,}/;

/** The end of a `$…$` span opened at `open`, or -1 when that `$` is prose. */
function closingDollar(text: string, open: number): number {
  const first = text[open + 1];
  if (first === undefined || /\s/.test(first)) return -1;
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '\n' && /^\n[ \t]*\n/.test(text.slice(i))) return -1; // a paragraph break
    if (c !== '$') continue;
    // The first `$` decides: it closes the span or the opening `$` was prose.
    const before = text[i - 1]!;
    const after = text[i + 1];
    if (/\s/.test(before) || (after !== undefined && /\d/.test(after)) || after === '$') return -1;
    return PRICE_THEN_WORDS.test(text.slice(open + 1, i)) ? -1 : i;
  }
  return -1;
}

/** Escapes every `$` that does not delimit maths; code spans and `$$…$$` stay as written. */
export function protectDollars(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      out += text.slice(i, i + 2);
      i += 2;
    } else if (c === '`') {
      const run = /^`+/.exec(text.slice(i))![0];
      const end = text.indexOf(run, i + run.length);
      const stop = end < 0 ? i + run.length : end + run.length;
      out += text.slice(i, stop);
      i = stop;
    } else if (c === '$' && text[i + 1] === '$') {
      const end = text.indexOf('$$', i + 2);
      const stop = end < 0 ? i + 2 : end + 2;
      out += end < 0 ? '\\$\\$' : text.slice(i, stop);
      i = stop;
    } else if (c === '$') {
      const end = closingDollar(text, i);
      if (end < 0) {
        out += '\\$';
        i += 1;
      } else {
        out += text.slice(i, end + 1);
        i = end + 1;
      }
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** Splits on `separator` outside `$…$` maths and `{…}` groups (a tabular's rows or cells). */
function splitOutsideMath(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inMath = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && text.startsWith(separator, i) && !inMath && depth === 0) {
      parts.push(text.slice(start, i));
      i += separator.length - 1;
      start = i + 1;
    } else if (c === '\\') i++;
    else if (c === '$') inMath = !inMath;
    else if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    else if (c === separator && !inMath && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** LaTeX `tabular` (KaTeX has none) becomes a Markdown table; its cells keep their `$…$` maths. */
export function latexTablesToMarkdown(text: string): string {
  return text
    .replace(/\\(begin|end)\{center\}/g, '')
    .replace(/\\begin\{tabular\}\{[^}]*\}([\s\S]*?)\\end\{tabular\}/g, (_m, body: string) => {
      const rows = splitOutsideMath(body.replace(/\\hline/g, ''), '\\\\')
        .map((row) =>
          splitOutsideMath(row, '&').map((cell) =>
            cell.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|'),
          ),
        )
        .filter((cells) => cells.some(Boolean));
      if (rows.length === 0) return '';
      const width = Math.max(...rows.map((r) => r.length));
      const line = (cells: string[]) =>
        `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
      const [head, ...rest] = rows;
      return [
        '',
        line(head!),
        line(Array.from({ length: width }, () => '---')),
        ...rest.map(line),
        '',
      ].join('\n');
    });
}

/** Imported banks also write LaTeX as \[…\] and \(…\); remark-math reads $$…$$ and $…$. */
export function normaliseMath(text: string): string {
  return text
    .replace(/\\\[([\s\S]+?)\\\]/g, (_match, body: string) => `\n$$\n${body.trim()}\n$$\n`)
    .replace(/\\\(([\s\S]+?)\\\)/g, (_match, body: string) => `$${body.trim()}$`);
}

/** Question text as the Markdown + maths renderer should read it. */
export function prepareMarkdown(text: string): string {
  return normaliseMath(protectDollars(latexTablesToMarkdown(text)));
}

const SYMBOLS: Record<string, string> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  varepsilon: 'ε',
  theta: 'θ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  phi: 'φ',
  varphi: 'φ',
  omega: 'ω',
  Delta: 'Δ',
  Omega: 'Ω',
  Sigma: 'Σ',
  Phi: 'Φ',
  Gamma: 'Γ',
  Lambda: 'Λ',
  Theta: 'Θ',
  times: '×',
  cdot: '·',
  div: '÷',
  pm: '±',
  leq: '≤',
  le: '≤',
  geq: '≥',
  ge: '≥',
  neq: '≠',
  ne: '≠',
  approx: '≈',
  infty: '∞',
  rightarrow: '→',
  to: '→',
  leftarrow: '←',
  Rightarrow: '⇒',
  in: '∈',
  circ: '°',
  degree: '°',
  sum: 'Σ',
  int: '∫',
  partial: '∂',
  sqrt: '√',
  quad: ' ',
  qquad: ' ',
  cup: '∪',
  cap: '∩',
  subset: '⊂',
  ldots: '…',
  cdots: '…',
  dots: '…',
  prime: '′',
  sim: '~',
  propto: '∝',
  mid: '|',
  perp: '⊥',
  angle: '∠',
  triangle: '△',
  equiv: '≡',
  therefore: '∴',
  forall: '∀',
  exists: '∃',
};
const FUNCTIONS = new Set(
  'log ln lg sin cos tan cot sec csc exp det lim max min gcd arg deg sinh cosh tanh arcsin arccos arctan'.split(
    ' ',
  ),
);

/** LaTeX read aloud as plain characters: \frac{a}{b} → a/b, \alpha → α, braces dropped. */
function latexToPlain(math: string): string {
  const group = (g: string) => (/^[\w.]+$/.test(g.trim()) ? g.trim() : `(${g.trim()})`);
  let s = math.replace(/([_^])\{([^{}]*)\}/g, '$1$2');
  for (let k = 0; k < 3; k++)
    s = s.replace(
      /\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g,
      (_m, a: string, b: string) => `${group(a)}/${group(b)}`,
    );
  return s
    .replace(
      /\\(?:mathrm|text|mathbf|mathit|operatorname|mathbb|textbf|vec|hat|bar|overline)\s*\{([^{}]*)\}/g,
      '$1',
    )
    .replace(/\\(left|right|big|Big|bigg|Bigg)\b\.?/g, '')
    .replace(/\\begin\{\w+\*?\}(\{[^}]*\})?|\\end\{\w+\*?\}|\\hline/g, ' ')
    .replace(/\\\\|&/g, ' ')
    .replace(/\\([A-Za-z]+)/g, (_m, name: string) =>
      FUNCTIONS.has(name) ? name : (SYMBOLS[name] ?? ''),
    )
    .replace(/\\[,;:! ]/g, ' ')
    .replace(/~/g, ' ')
    .replace(/[{}]/g, '')
    .replace(/\\(.)/g, '$1');
}

/** Block and inline tags of imported questions (Moodle XML, GIFT) of two letters or more. */
const LONG_TAGS =
  'br|hr|img|table|thead|tbody|tfoot|tr|td|th|caption|div|span|em|strong|sub|sup|ul|ol|li|h[1-6]|pre|code|blockquote|font|center|small|big|figure|figcaption';
/** A whole tag, one-letter ones (p, b, i, u, a) included. */
const HTML_TAG = new RegExp(`</?(?:${LONG_TAGS}|p|b|i|u|a)(?:\\s[^<>]*)?/?>`, 'gi');
/** A tag cut off by a summary's end ("…<table><tr"): long names only, so "a<b" stays. */
const CUT_TAG = new RegExp(`</?(?:${LONG_TAGS})(?:\\s[^<>]*)?$`, 'i');
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  nbsp: ' ',
  '#39': "'",
};

/** Text without the imported questions' HTML tags (issue 38), a few entities decoded. */
function withoutHtml(text: string): string {
  if (!text.includes('<') && !text.includes('&')) return text;
  return text
    .replace(HTML_TAG, ' ')
    .replace(CUT_TAG, '')
    .replace(/&(amp|lt|gt|quot|nbsp|#39);/g, (_m, name: string) => ENTITIES[name]!);
}

/**
 * Question text for a one-line list (history): maths turned into plain characters, Markdown and
 * LaTeX markup removed, whitespace collapsed. Never raw markup, even in a summary cut short.
 */
export function toPlainText(text: string): string {
  const prepared = normaliseMath(protectDollars(withoutHtml(text)));
  let plain = '';
  let i = 0;
  while (i < prepared.length) {
    const c = prepared[i]!;
    if (c === '\\' && prepared[i + 1] === '$') {
      // A price keeps its sign; a lone `$` before maths (its end cut off by a summary) goes.
      if (/\d/.test(prepared[i + 2] ?? '')) plain += '$';
      i += 2;
    } else if (c === '$') {
      const fence = prepared[i + 1] === '$' ? '$$' : '$';
      const end = prepared.indexOf(fence, i + fence.length);
      if (end < 0) {
        i += fence.length;
        continue;
      }
      plain += latexToPlain(prepared.slice(i + fence.length, end));
      i = end + fence.length;
    } else {
      plain += c;
      i += 1;
    }
  }
  return latexToPlain(
    plain
      .replace(/\\[[\]()]/g, ' ')
      // A summary cut inside an image or a link (`![x](/media/ab`) drops the broken tail.
      .replace(/!?\[[^\]]*(\]\([^)]*)?$/, '')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/^\s*\|?\s*:?-{3,}.*$/gm, '')
      .replace(/^\s{0,3}(#{1,6}|>)\s+/gm, '')
      .replace(/(\*\*|__|\*|`)/g, '')
      .replace(/\|/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}
