import { lazy, Suspense } from 'react';
import './question-content.css';
import { toPlainText } from './math-text';

const MarkdownView = lazy(() => import('./markdown'));

/** Question text: stripped plain text at once, Markdown and KaTeX once their chunk has loaded. */
export function RichText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={['rich-text', className].filter(Boolean).join(' ')}>
      <Suspense fallback={<p className="plain-text">{toPlainText(text)}</p>}>
        <MarkdownView text={text} />
      </Suspense>
    </div>
  );
}

/** Starts loading the Markdown chunk early (the player calls it on mount). */
export function preloadMarkdown(): void {
  void import('./markdown');
}
