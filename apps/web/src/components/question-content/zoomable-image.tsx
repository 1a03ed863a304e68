import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../../lib/i18n-learning';

/** An image that opens full size in a dialog (Escape or the button closes it). */
export function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        className="image-zoom-button"
        onClick={() => dialog.current?.showModal()}
        aria-label={t('player.zoom-image')}
      >
        <img src={src} alt={alt} loading="lazy" className="question-image" />
      </button>
      <dialog
        ref={dialog}
        className="dialog image-dialog"
        aria-label={t('player.zoomed-image')}
        onClick={(e) => e.target === dialog.current && dialog.current?.close()}
      >
        <img src={src} alt={alt} className="zoomed-image" />
        <div className="actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => dialog.current?.close()}
          >
            {t('player.close')}
          </button>
        </div>
      </dialog>
    </>
  );
}
