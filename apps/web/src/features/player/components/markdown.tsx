import 'katex/dist/katex.min.css';
import Markdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { ZoomableImage } from './zoomable-image';

/**
 * Markdown with math, in its own chunk. Raw HTML is dropped (`skipHtml`, no rehype-raw), and
 * react-markdown's default URL filter refuses javascript: and other unsafe links.
 */
const components: Components = {
  img: ({ src, alt }) =>
    typeof src === 'string' ? <ZoomableImage src={src} alt={alt ?? ''} /> : null,
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
};

/** Imported banks also write LaTeX as \[…\] and \(…\); remark-math reads $$…$$ and $…$. */
export function normaliseMath(text: string): string {
  return text
    .replace(/\\\[([\s\S]+?)\\\]/g, (_match, body: string) => `\n$$\n${body.trim()}\n$$\n`)
    .replace(/\\\(([\s\S]+?)\\\)/g, (_match, body: string) => `$${body.trim()}$`);
}

export default function MarkdownView({ text }: { text: string }) {
  return (
    <Markdown
      skipHtml
      remarkPlugins={[remarkGfm, remarkMath]}
      rehypePlugins={[rehypeKatex]}
      components={components}
    >
      {normaliseMath(text)}
    </Markdown>
  );
}
