import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ComposeForm, type ComposeDraft } from '../../../components/ui/compose-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/toast';
import { RichText } from '../../../components/question-content';
import { useNoteMutations, useQuestionNotes } from '../api/notes';

type Props = { question: number; onCount: (count: number) => void };

/** The caller's notes on one question: read, add, edit (text and images), delete. */
export default function NotePanel({ question, onCount }: Props) {
  const { t } = useTranslation();
  const notes = useQuestionNotes(question);
  const { create, update, remove } = useNoteMutations(question, onCount);
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const labels = {
    text: t('tools.note-content'),
    hint: t('tools.note-content-hint'),
    addImages: t('tools.add-images'),
    removeFile: (name: string) => t('tools.remove-file', { name }),
    removeImage: t('tools.remove-image'),
    keepImage: t('tools.keep-image'),
    imageAlt: (n: number) => t('tools.image-alt', { n }),
    uploading: t('tools.uploading'),
    cancel: t('tools.cancel'),
  };
  const draftOf = ({ text, ...rest }: ComposeDraft) => ({ content: text, ...rest });

  if (notes.isPending) return <Spinner label={t('tools.loading')} />;
  if (notes.isError) return <FormAlert>{t('tools.load-failed')}</FormAlert>;

  return (
    <div className="note-panel">
      {notes.data.length === 0 ? <p className="empty-state">{t('tools.notes-empty')}</p> : null}
      <ul className="note-list">
        {notes.data.map((note) => (
          <li key={note.id} className="note-card" data-testid="note">
            {editing === note.id ? (
              <ComposeForm
                labels={labels}
                legend={t('tools.edit-note')}
                initialText={note.content}
                images={note.images}
                submitLabel={t('tools.save')}
                onCancel={() => setEditing(null)}
                onSubmit={(draft) =>
                  update.mutateAsync({ id: note.id, draft: draftOf(draft) }).then(
                    () => {
                      setEditing(null);
                      notify('success', t('tools.note-saved'));
                    },
                    (error: unknown) => {
                      notify('error', t('errors.saving-failed'));
                      throw error;
                    },
                  )
                }
              />
            ) : (
              <>
                {note.content ? <RichText text={note.content} /> : null}
                {note.images.length ? (
                  <ul className="image-grid">
                    {note.images.map((image, n) => (
                      <li key={image.id}>
                        <a href={image.url} target="_blank" rel="noreferrer">
                          <img src={image.url} alt={t('tools.image-alt', { n: n + 1 })} />
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <p className="meta">
                  {t('tools.updated', { date: new Date(note.updated_at).toLocaleString() })}
                </p>
                {confirming === note.id ? (
                  <div className="actions" role="group" aria-label={t('tools.confirm-delete')}>
                    <span>{t('tools.confirm-delete')}</span>
                    <Button
                      variant="danger"
                      loading={remove.isPending}
                      onClick={() =>
                        remove.mutate(note.id, {
                          onSuccess: () => notify('success', t('tools.note-deleted')),
                          onError: () => notify('error', t('errors.failed')),
                          onSettled: () => setConfirming(null),
                        })
                      }
                    >
                      {t('tools.yes-delete')}
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirming(null)}>
                      {t('tools.cancel')}
                    </Button>
                  </div>
                ) : (
                  <div className="actions">
                    <Button variant="secondary" onClick={() => setEditing(note.id)}>
                      {t('tools.edit')}
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirming(note.id)}>
                      {t('tools.delete')}
                    </Button>
                  </div>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === null ? (
        <>
          <h3>{t('tools.new-note')}</h3>
          <ComposeForm
            labels={labels}
            legend={t('tools.new-note')}
            submitLabel={t('tools.add-note')}
            onSubmit={(draft) =>
              create.mutateAsync(draftOf(draft)).then(
                () => notify('success', t('tools.note-saved')),
                (error: unknown) => {
                  notify('error', t('errors.failed'));
                  throw error;
                },
              )
            }
          />
        </>
      ) : null}
    </div>
  );
}
