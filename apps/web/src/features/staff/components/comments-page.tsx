import type { StaffComment } from '@qbank/contract/backoffice';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { StaffSearch } from './staff-search';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/toast';
import { useRemoveComment, useReplies, useStaffComments, PAGE_SIZE } from '../api/staff-api';
import '../i18n';
import { Pager } from '../../../components/ui/pager';
import { TextDialog } from './text-dialog';
import { useUrlState } from '../../../lib/use-url-state';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Target = { kind: 'comments' | 'replies'; id: number; author: string };

/** Comment moderation: newest first, search by text or author; remove with a reason the author sees. */
export default function CommentsPage() {
  const { t } = useTranslation('staff');
  useDocumentTitle(t('comments.title'));
  const url = useUrlState({ replace: true });
  const question = Number(url.get('question')) || undefined;
  const list = useStaffComments({ page: url.page, search: url.get('search'), question });
  const remove = useRemoveComment();
  const [target, setTarget] = useState<Target | null>(null);

  return (
    <section className="page" aria-labelledby="comments-title">
      <h1 id="comments-title">{t('comments.title')}</h1>
      <StaffSearch
        id="comment-search"
        label={t('comments.search')}
        value={url.get('search')}
        onSearch={(search) => url.set({ search })}
      />
      {question ? (
        <p>
          {t('comments.of-question', { id: question })}{' '}
          <Button variant="link" onClick={() => url.set({ question: undefined })}>
            {t('comments.all')}
          </Button>
        </p>
      ) : null}
      {list.isPending ? <Spinner label={t('loading')} /> : null}
      {list.isError ? <FormAlert>{t('errors.load')}</FormAlert> : null}
      {list.isSuccess && list.data.count === 0 ? (
        <p className="empty-state">{t('comments.empty')}</p>
      ) : null}
      <ul className="staff-cards">
        {(list.data?.results ?? []).map((c) => (
          <CommentCard
            key={c.id}
            comment={c}
            onRemove={setTarget}
            onQuestion={(q) => url.set({ question: String(q) })}
          />
        ))}
      </ul>
      <Pager
        pageSize={PAGE_SIZE}
        page={url.page}
        count={list.data?.count ?? 0}
        onPage={(page) => url.set({ page: String(page) })}
      />
      {target ? (
        <TextDialog
          title={t(
            target.kind === 'comments'
              ? 'comments.remove-comment-title'
              : 'comments.remove-reply-title',
            { author: target.author },
          )}
          label={t('comments.reason')}
          confirmLabel={t('comments.remove')}
          required
          danger
          busy={remove.isPending}
          error={remove.error}
          onClose={() => {
            setTarget(null);
            remove.reset();
          }}
          onConfirm={(reason) =>
            remove.mutate(
              { kind: target.kind, id: target.id, reason },
              {
                onSuccess: () => {
                  notify('success', t('comments.removed'));
                  setTarget(null);
                },
              },
            )
          }
        />
      ) : null}
    </section>
  );
}

function CommentCard({
  comment,
  onRemove,
  onQuestion,
}: {
  comment: StaffComment;
  onRemove: (t: Target) => void;
  onQuestion: (q: number) => void;
}) {
  const { t, i18n } = useTranslation('staff');
  const [open, setOpen] = useState(false);
  const id = useId();
  const replies = useReplies(comment.id, open);
  const author = comment.author_email ?? t('reports.deleted-user');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="staff-card">
      <div className="staff-card-body">
        <p className="muted">
          {author} ·{' '}
          <time dateTime={comment.created_at}>{date.format(new Date(comment.created_at))}</time> ·{' '}
          <Button variant="link" onClick={() => onQuestion(comment.question)}>
            {t('reports.question', { id: comment.question })}
          </Button>{' '}
          · <Link to={`/questions/${comment.question}`}>{t('reports.view-question')}</Link>
        </p>
        <p className="staff-comment-body">{comment.body}</p>
        <div className="actions">
          <Button
            variant="danger"
            onClick={() => onRemove({ kind: 'comments', id: comment.id, author })}
          >
            {t('comments.remove')}
          </Button>
          {comment.replies_count ? (
            <Button
              variant="secondary"
              aria-expanded={open}
              aria-controls={id}
              onClick={() => setOpen(!open)}
            >
              {t(open ? 'comments.hide-replies' : 'comments.show-replies', {
                count: comment.replies_count,
              })}
            </Button>
          ) : null}
        </div>
        <ul id={id} className="reply-list" hidden={!open}>
          {(replies.data?.results ?? []).map((r) => {
            const name = r.author
              ? `${r.author.first_name} ${r.author.last_name}`.trim()
              : t('reports.deleted-user');
            return (
              <li key={r.id} className="report-item">
                <p className="muted">{name}</p>
                <p className="staff-comment-body">{r.body}</p>
                <Button
                  variant="danger"
                  onClick={() => onRemove({ kind: 'replies', id: r.id, author: name })}
                >
                  {t('comments.remove-reply')}
                </Button>
              </li>
            );
          })}
        </ul>
      </div>
    </li>
  );
}
