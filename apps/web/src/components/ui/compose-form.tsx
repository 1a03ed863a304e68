import type { StoredImage } from '@qbank/contract/personal';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { Button } from './button';
import { ImagePicker, UploadProgress, useImageDrop } from './image-picker';

export type ComposeDraft = {
  text: string;
  files: File[];
  removed: number[];
  onProgress?: (fraction: number) => void;
};

export type ComposeLabels = {
  text: string;
  hint: string;
  addImages: string;
  removeFile: (name: string) => string;
  removeImage: string;
  keepImage: string;
  imageAlt: (n: number) => string;
  uploading: string;
  cancel: string;
};

type Props = {
  legend: string;
  labels: ComposeLabels;
  initialText?: string;
  images?: StoredImage[];
  submitLabel: string;
  /** Rejects with an ApiError to show its messages; resolves to clear the form. */
  onSubmit: (draft: ComposeDraft) => Promise<unknown>;
  onCancel?: () => void;
  rows?: number;
};

/** Markdown text with images by paste, drop or pick; shows upload progress and the server's errors. */
export function ComposeForm({
  legend,
  labels,
  initialText = '',
  images = [],
  submitLabel,
  onSubmit,
  onCancel,
  rows = 5,
}: Props) {
  const id = useId();
  const [content, setContent] = useState(initialText);
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const drop = useImageDrop((more) => setFiles((current) => [...current, ...more]));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setProgress(files.length ? 0 : null);
    try {
      await onSubmit({
        text: content,
        files,
        removed,
        onProgress: files.length ? setProgress : undefined,
      });
      setContent(initialText);
      setFiles([]);
      setRemoved([]);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.messages.join(' ') || null : null);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return (
    <form className="tool-form" onSubmit={submit} aria-label={legend}>
      <div className={drop.over ? 'field drop-zone is-over' : 'field drop-zone'}>
        <label htmlFor={`${id}-content`}>{labels.text}</label>
        <textarea
          id={`${id}-content`}
          rows={rows}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          {...drop.handlers}
        />
        <p id={`${id}-hint`} className="field-hint">
          {labels.hint}
        </p>
        {error ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {images.length ? (
        <ul className="image-thumbs">
          {images.map((image, n) => {
            const gone = removed.includes(image.id);
            return (
              <li key={image.id} className={gone ? 'is-removed' : undefined}>
                <img src={image.url} alt={labels.imageAlt(n + 1)} />
                <button
                  type="button"
                  className="thumb-remove"
                  aria-pressed={gone}
                  aria-label={gone ? labels.keepImage : labels.removeImage}
                  onClick={() =>
                    setRemoved((r) => (gone ? r.filter((x) => x !== image.id) : [...r, image.id]))
                  }
                >
                  {gone ? '↺' : '×'}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <ImagePicker
        label={labels.addImages}
        removeLabel={labels.removeFile}
        files={files}
        onChange={setFiles}
        disabled={busy}
      />
      <UploadProgress label={labels.uploading} fraction={progress} />
      <div className="actions">
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {labels.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
