import 'katex/dist/katex.min.css';
import Markdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { prepareMarkdown } from './math-text';
import { ZoomableImage } from './zoomable-image';

/**
 * What HTML may show (issue 38): imported Moodle XML and GIFT questions are HTML (paragraphs,
 * images, tables). GitHub's allow-list (hast-util-sanitize: no script, style, event handler or
 * javascript: URL), plus image sizes and the classes remark-math gives formulas for KaTeX.
 */
const schema: SanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [['className', /^language-./, 'math-inline', 'math-display']],
    img: [...(defaultSchema.attributes?.img ?? []), 'alt', 'title', 'width', 'height'],
  },
};

/**
 * Markdown with math and HTML, in its own chunk. Raw HTML is parsed (rehype-raw), then
 * sanitised by the allow-list above before KaTeX adds its own markup; react-markdown's URL
 * filter refuses javascript: and other unsafe links. Which dollar signs are maths is decided by
 * prepareMarkdown (math-text.ts, decision 035).
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
      remarkPlugins={[remarkGfm, remarkMath]}
      rehypePlugins={[rehypeRaw, [rehypeSanitize, schema], rehypeKatex]}
      components={components}
    >
      {prepareMarkdown(text)}
    </Markdown>
  );
}
