import './panels.css';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
} from 'react';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** The images of a clipboard paste or a drop (JPEG, PNG, WebP: what the server accepts). */
export function imagesOf(list: FileList | DataTransferItemList | null | undefined): File[] {
  if (!list) return [];
  const files: File[] = [];
  for (const entry of Array.from(list as ArrayLike<File | DataTransferItem>)) {
    const file = entry instanceof File ? entry : entry.kind === 'file' ? entry.getAsFile() : null;
    if (file && IMAGE_TYPES.includes(file.type)) files.push(file);
  }
  return files;
}

/** Handlers for a text area (or any zone) that takes pasted and dropped images. */
export function useImageDrop(onFiles: (files: File[]) => void) {
  const [over, setOver] = useState(false);
  return {
    over,
    handlers: {
      onPaste: (event: ClipboardEvent) => {
        const files = imagesOf(event.clipboardData?.items);
        if (files.length) {
          event.preventDefault();
          onFiles(files);
        }
      },
      onDragOver: (event: DragEvent) => {
        if (Array.from(event.dataTransfer.types).includes('Files')) {
          event.preventDefault();
          setOver(true);
        }
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false);
        const files = imagesOf(event.dataTransfer.files);
        if (files.length) {
          event.preventDefault();
          onFiles(files);
        }
      },
    },
  };
}

type PickerProps = {
  label: string;
  hint?: string;
  removeLabel: (name: string) => string;
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
};

/** Pick images with a file input; the chosen ones show as thumbnails that can be taken out again. */
export function ImagePicker({ label, hint, removeLabel, files, onChange, disabled }: PickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  return (
    <div className="image-picker">
      <label className="btn btn-secondary image-picker-button" htmlFor={id}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        className="visually-hidden"
        type="file"
        accept={IMAGE_TYPES.join(',')}
        multiple
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          onChange([...files, ...imagesOf(event.target.files)]);
          event.target.value = '';
        }}
      />
      {hint ? (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      ) : null}
      {files.length ? (
        <ul className="image-thumbs">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <img src={previews[index]} alt={file.name} />
              <button
                type="button"
                className="thumb-remove"
                aria-label={removeLabel(file.name)}
                disabled={disabled}
                onClick={() => onChange(files.filter((_f, i) => i !== index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A labelled progress bar for an upload (fraction 0..1). */
export function UploadProgress({ label, fraction }: { label: string; fraction: number | null }) {
  if (fraction === null) return null;
  const percent = Math.round(fraction * 100);
  return (
    <div className="upload-progress">
      <progress max={100} value={percent} aria-label={label} />
      <span aria-hidden="true">{percent}%</span>
    </div>
  );
}
