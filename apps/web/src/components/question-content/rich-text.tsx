import type { Question } from '@qbank/contract/questions';
import { lazy, Suspense } from 'react';
import './question-content.css';
import { toPlainText } from './math-text';
import { isPlainProse, proseParagraphs } from './plain-prose';

const MarkdownView = lazy(() => import('./markdown'));

/**
 * Question text: plain prose as paragraphs at once; anything else as stripped plain text at once,
 * then Markdown and KaTeX once their chunk has loaded.
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  const classes = ['rich-text', className].filter(Boolean).join(' ');
  if (isPlainProse(text)) {
    return (
      <div className={classes}>
        {proseParagraphs(text).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
    );
  }
  return (
    <div className={classes}>
      <Suspense fallback={<p className="plain-text">{toPlainText(text)}</p>}>
        <MarkdownView text={text} />
      </Suspense>
    </div>
  );
}

/** Starts loading the Markdown chunk early when one of these questions will need it. */
export function preloadMarkdown(questions: readonly Question[]): void {
  const texts = questions.flatMap((q) => [
    q.stem,
    q.clinical_case?.vignette ?? '',
    ...q.choices.map((c) => c.text),
  ]);
  if (texts.some((text) => !isPlainProse(text))) void import('./markdown');
}
