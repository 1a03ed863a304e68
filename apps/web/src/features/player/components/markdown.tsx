import 'katex/dist/katex.min.css';
import Markdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { prepareMarkdown } from '../lib/math-text';
import { ZoomableImage } from './zoomable-image';

/**
 * Markdown with math, in its own chunk. Raw HTML is dropped (`skipHtml`, no rehype-raw), and
 * react-markdown's default URL filter refuses javascript: and other unsafe links. Which dollar
 * signs are maths is decided by prepareMarkdown (lib/math-text.ts, decision 035).
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

export default function MarkdownView({ text }: { text: string }) {
  return (
    <Markdown
      skipHtml
      remarkPlugins={[remarkGfm, remarkMath]}
      rehypePlugins={[rehypeKatex]}
      components={components}
    >
      {prepareMarkdown(text)}
    </Markdown>
  );
}
