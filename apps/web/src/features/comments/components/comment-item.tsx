import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ComposeForm, type ComposeLabels } from '../../../components/ui/compose-form';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { RichText } from '../../../components/question-content';
import { useItemWrites, useReact, useReplies, type Item, type Kind } from '../api/comments';

/** Seed §8: the server's error for comments and replies is passed on unchanged. */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status > 0 ? error.message : null;
}

export function useComposeLabels(): ComposeLabels {
  const { t } = useTranslation();
  return {
    text: t('comments.write'),
    hint: t('comments.hint'),
    addImages: t('comments.add-images'),
    removeFile: (name) => t('comments.remove-file', { name }),
    removeImage: t('comments.remove-image'),
    keepImage: t('comments.keep-image'),
    imageAlt: (n) => t('comments.image-alt', { n }),
    uploading: t('comments.uploading'),
    cancel: t('comments.cancel'),
  };
}

type Props = { kind: Kind; item: Item };

/** One comment or reply: author (staff badge, deleted user), Markdown, images, votes, own edits. */
export function CommentItem({ kind, item }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  const labels = useComposeLabels();
  const vote = useReact(kind);
  const parent = 'question' in item ? item.question : item.comment;
  const { edit, remove } = useItemWrites(kind, parent);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const [replying, setReplying] = useState(false);
  const name = item.author
    ? `${item.author.first_name} ${item.author.last_name}`.trim() || t('comments.unnamed')
    : t('comments.deleted-user');
  const edited = Date.parse(item.updated_at) - Date.parse(item.created_at) > 1000;
  const canDelete = item.is_mine || Boolean(session.user?.is_staff);
  const repliesCount = 'replies_count' in item ? item.replies_count : 0;

  function cast(value: 1 | -1) {
    vote.mutate(
      { item, value: item.my_reaction === value ? null : value },
      { onError: (error) => notify('error', serverMessage(error) ?? t('comments.vote-failed')) },
    );
  }

  return (
    <li
      className={`comment ${kind === 'reply' ? 'is-reply' : ''}`}
      data-testid={kind}
      aria-label={t('comments.by', { name })}
    >
      <header className="comment-head">
        <span className={item.author ? 'comment-author' : 'comment-author is-deleted'}>{name}</span>
        {item.author?.is_staff ? (
          <span className="comment-badge comment-badge-staff">{t('comments.staff')}</span>
        ) : null}
        {item.is_mine ? <span className="meta">({t('comments.you')})</span> : null}
        <time className="meta" dateTime={item.created_at}>
          {new Date(item.created_at).toLocaleString()}
        </time>
        {edited ? <span className="meta">· {t('comments.edited')}</span> : null}
      </header>
      {editing ? (
        <ComposeForm
          legend={t('comments.edit-comment')}
          labels={labels}
          initialText={item.body}
          images={item.attachments}
          rows={3}
          submitLabel={t('comments.save')}
          onCancel={() => setEditing(false)}
          onSubmit={({ text, files, removed, onProgress }) =>
            edit
              .mutateAsync({ id: item.id, draft: { body: text, files, removed, onProgress } })
              .then(
                () => setEditing(false),
                (error: unknown) => {
                  notify('error', serverMessage(error) ?? t('comments.edit-failed'));
                  throw error;
                },
              )
          }
        />
      ) : (
        <>
          <RichText text={item.body} className="comment-body" />
          {item.attachments.length ? (
            <ul className="image-grid">
              {item.attachments.map((image, n) => (
                <li key={image.id}>
                  <a href={image.url} target="_blank" rel="noreferrer">
                    <img
                      src={image.url}
                      alt={t('comments.image-alt', { n: n + 1 })}
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      <div className="comment-actions">
        <div className="votes" role="group" aria-label={t('comments.rank', { rank: item.rank })}>
          <button
            type="button"
            className="vote"
            aria-pressed={item.my_reaction === 1}
            aria-label={t('comments.upvote')}
            onClick={() => cast(1)}
          >
            ▲
          </button>
          <span className="rank" data-testid="rank">
            {item.rank}
          </span>
          <button
            type="button"
            className="vote"
            aria-pressed={item.my_reaction === -1}
            aria-label={t('comments.downvote')}
            onClick={() => cast(-1)}
          >
            ▼
          </button>
        </div>
        {kind === 'comment' ? (
          <Button
            variant="link"
            onClick={() => {
              setReplying((r) => !r);
              setShowReplies(true);
            }}
          >
            {t('comments.reply')}
          </Button>
        ) : null}
        {kind === 'comment' && repliesCount > 0 ? (
          <Button
            variant="link"
            aria-expanded={showReplies}
            onClick={() => setShowReplies((s) => !s)}
          >
            {showReplies
              ? t('comments.hide-replies')
              : t('comments.replies', { count: repliesCount })}
          </Button>
        ) : null}
        {item.is_mine && !editing ? (
          <Button variant="link" onClick={() => setEditing(true)}>
            {t('comments.edit')}
          </Button>
        ) : null}
        {canDelete && !confirming ? (
          <Button variant="link" onClick={() => setConfirming(true)}>
            {t('comments.delete')}
          </Button>
        ) : null}
      </div>
      {confirming ? (
        <div className="actions confirm-row">
          <span>
            {kind === 'comment' ? t('comments.confirm-delete') : t('comments.confirm-delete-reply')}
          </span>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(item.id, {
                onSuccess: () => notify('success', t('comments.deleted')),
                onError: (error) =>
                  notify('error', serverMessage(error) ?? t('comments.delete-failed')),
                onSettled: () => setConfirming(false),
              })
            }
          >
            {t('comments.yes-delete')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('comments.cancel')}
          </Button>
        </div>
      ) : null}
      {kind === 'comment' && (showReplies || replying) ? (
        <Replies comment={item.id} replying={replying} onReplied={() => setReplying(false)} />
      ) : null}
    </li>
  );
}

function Replies({
  comment,
  replying,
  onReplied,
}: {
  comment: number;
  replying: boolean;
  onReplied: () => void;
}) {
  const { t } = useTranslation();
  const replies = useReplies(comment, true);
  const { post } = useItemWrites('reply', comment);
  const labels = useComposeLabels();
  return (
    <div className="replies">
      {replies.isPending ? <Spinner label={t('comments.loading')} /> : null}
      {replies.data?.results.length ? (
        <ol className="comment-list">
          {replies.data.results.map((reply) => (
            <CommentItem key={reply.id} kind="reply" item={reply} />
          ))}
        </ol>
      ) : null}
      {replying ? (
        <ComposeForm
          legend={t('comments.new-reply')}
          labels={{ ...labels, text: t('comments.write-reply') }}
          rows={2}
          submitLabel={t('comments.post-reply')}
          onCancel={onReplied}
          onSubmit={({ text, files, onProgress }) =>
            post
              .mutateAsync({ body: text, files, onProgress })
              .then(onReplied, (error: unknown) => {
                notify('error', serverMessage(error) ?? t('comments.post-failed'));
                throw error;
              })
          }
        />
      ) : null}
    </div>
  );
}
