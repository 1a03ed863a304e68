import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ComposeForm } from '../../../components/ui/compose-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/toast';
import { useComments, useItemWrites, type Ordering } from '../api/comments';
import { CommentItem, serverMessage, useComposeLabels } from './comment-item';

const ORDERINGS: [Ordering, string][] = [
  ['-created_at', 'comments.newest'],
  ['created_at', 'comments.oldest'],
  ['-rank', 'comments.top'],
];

/** Sort, write, read (pages of 20, "load more") the comments of one question. */
export default function CommentThread({ question }: { question: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [ordering, setOrdering] = useState<Ordering>('-created_at');
  const comments = useComments(question, ordering, true);
  const { post } = useItemWrites('comment', question);
  const labels = useComposeLabels();
  const items = comments.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <div className="comment-thread">
      <ComposeForm
        legend={t('comments.new')}
        labels={{ ...labels, text: t('comments.write') }}
        rows={3}
        submitLabel={t('comments.post')}
        onSubmit={({ text, files, onProgress }) =>
          post.mutateAsync({ body: text, files, onProgress }).then(
            () => notify('success', t('comments.posted')),
            (error: unknown) => {
              notify('error', serverMessage(error) ?? t('comments.post-failed'));
              throw error;
            },
          )
        }
      />
      <div className="thread-head">
        <label htmlFor={`${id}-sort`}>{t('comments.sort')}</label>
        <select
          id={`${id}-sort`}
          value={ordering}
          onChange={(e) => setOrdering(e.target.value as Ordering)}
        >
          {ORDERINGS.map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </div>
      {comments.isPending ? <Spinner label={t('comments.loading')} /> : null}
      {comments.isError ? <FormAlert>{t('comments.load-failed')}</FormAlert> : null}
      {comments.isSuccess && items.length === 0 ? (
        <p className="empty-state">{t('comments.empty')}</p>
      ) : null}
      <ol className="comment-list">
        {items.map((comment) => (
          <CommentItem key={comment.id} kind="comment" item={comment} />
        ))}
      </ol>
      {comments.hasNextPage ? (
        <Button
          variant="secondary"
          loading={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          {t('comments.load-more')}
        </Button>
      ) : null}
    </div>
  );
}
