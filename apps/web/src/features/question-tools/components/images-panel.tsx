import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ImagePicker, UploadProgress, useImageDrop } from '../../../components/ui/image-picker';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useAttachmentMutations, useAttachments } from '../api/attachments';

/** The learner's own images on a question (private attachment items): upload, view, remove. */
export default function ImagesPanel({ question }: { question: number }) {
  const { t } = useTranslation();
  const items = useAttachments(question);
  const { create, remove } = useAttachmentMutations(question);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const drop = useImageDrop((more) => setFiles((current) => [...current, ...more]));

  function upload() {
    if (!files.length) return;
    setError(null);
    setProgress(0);
    create.mutate(
      { files, onProgress: setProgress },
      {
        onSuccess: () => {
          setFiles([]);
          notify('success', t('tools.images-saved'));
        },
        onError: (caught) => {
          notify('error', t('errors.failed'));
          setError(caught instanceof ApiError ? caught.messages.join(' ') || null : null);
        },
        onSettled: () => setProgress(null),
      },
    );
  }

  const images = (items.data?.results ?? []).flatMap((item) =>
    item.images.map((image) => ({ item, image })),
  );

  return (
    <div className="images-panel">
      {items.isPending ? <Spinner label={t('tools.loading')} /> : null}
      {items.isError ? <FormAlert>{t('tools.load-failed')}</FormAlert> : null}
      {items.isSuccess && images.length === 0 ? (
        <p className="empty-state">{t('tools.images-empty')}</p>
      ) : null}
      {images.length ? (
        <ul className="image-grid" data-testid="my-images">
          {images.map(({ item, image }, n) => (
            <li key={image.id}>
              <a href={image.url} target="_blank" rel="noreferrer">
                <img src={image.url} alt={t('tools.image-alt', { n: n + 1 })} />
              </a>
              <Button
                variant="secondary"
                className="image-remove"
                loading={remove.isPending && remove.variables?.imageId === image.id}
                aria-label={`${t('tools.remove-image')} ${n + 1}`}
                onClick={() =>
                  remove.mutate(
                    { item, imageId: image.id },
                    { onError: () => notify('error', t('errors.failed')) },
                  )
                }
              >
                {t('tools.remove-image')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div
        className={drop.over ? 'drop-zone upload-zone is-over' : 'drop-zone upload-zone'}
        onDragOver={drop.handlers.onDragOver}
        onDragLeave={drop.handlers.onDragLeave}
        onDrop={drop.handlers.onDrop}
        onPaste={drop.handlers.onPaste}
      >
        <ImagePicker
          label={t('tools.add-images')}
          hint={t('tools.images-hint')}
          removeLabel={(name) => t('tools.remove-file', { name })}
          files={files}
          onChange={setFiles}
          disabled={create.isPending}
        />
        <UploadProgress label={t('tools.uploading')} fraction={progress} />
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="actions">
          <Button onClick={upload} disabled={!files.length} loading={create.isPending}>
            {t('tools.upload')}
          </Button>
        </div>
      </div>
    </div>
  );
}
