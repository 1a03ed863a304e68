import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogCancel } from '../../../components/ui/dialog';

type Props = { src: string; email: string; onClose: () => void };

/**
 * A receipt shown large, to read an amount and a reference against the purchase: fitted to the
 * window first, then at its actual size (scrollable) for small print.
 */
export function ReceiptDialog({ src, email, onClose }: Props) {
  const { t } = useTranslation('staff');
  const [actualSize, setActualSize] = useState(false);
  return (
    <Dialog
      title={t('purchases.receipt-title', { email })}
      className="dialog receipt-dialog"
      onClose={onClose}
    >
      <div className={actualSize ? 'receipt-large receipt-actual' : 'receipt-large'}>
        <img src={src} alt={t('purchases.receipt-title', { email })} />
      </div>
      <div className="actions">
        <Button
          variant="secondary"
          aria-pressed={actualSize}
          onClick={() => setActualSize(!actualSize)}
        >
          {t(actualSize ? 'purchases.receipt-fit' : 'purchases.receipt-zoom')}
        </Button>
        <a href={src} target="_blank" rel="noreferrer">
          {t('purchases.receipt-new-tab')}
        </a>
        <DialogCancel>{t('purchases.receipt-close')}</DialogCancel>
      </div>
    </Dialog>
  );
}
