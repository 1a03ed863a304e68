import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useCommentCount } from '../api/comments';
import '../locale';
import '../comments.css';

const CommentThread = lazy(() => import('./comment-thread'));

/**
 * The discussion under a question, closed at first (one small request for the count); opening
 * it loads the thread's code and keeps it fresh (polling, refetch on focus) while it is open.
 */
export function QuestionComments({
  question,
  showCount = true,
}: {
  question: number;
  /** Lists of many questions (exam review) leave the count out: one request less per question. */
  showCount?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const count = useCommentCount(question, showCount);
  const regionId = useId();
  return (
    <section className="discussion" aria-label={t('comments.title')}>
      <button
        type="button"
        className="btn btn-secondary discussion-toggle"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((o) => !o)}
      >
        {count.data !== undefined
          ? t('comments.show-count', { count: count.data })
          : t('comments.show')}
        <span aria-hidden="true">{open ? ' ▴' : ' ▾'}</span>
      </button>
      <div id={regionId} hidden={!open}>
        {open ? (
          <Suspense fallback={<Spinner label={t('comments.loading')} />}>
            <CommentThread question={question} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
