import { purchaseFormSchema, type PurchaseForm } from '@qbank/contract/forms';
import { useState, type FormEvent } from 'react';
import { useSubscriptionsTranslation } from '../i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../components/ui/use-zod-form';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useBuySubscription } from '../api/buy-subscription';
import { usePlans } from '../api/get-plans';
import { formatPrice } from '../format';
import { PlanModules } from './plan-modules';
import '../subscriptions.css';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Buying a plan: pay outside the app, then send the payment reference and a receipt image. */
export default function BuyPage() {
  const { t, i18n } = useSubscriptionsTranslation();
  useDocumentTitle(t('subscriptions.buy-title'));
  const planId = Number(useParams().planId);
  const plans = usePlans();
  const plan = plans.data?.find((p) => p.id === planId);
  return (
    <section className="page page-narrow subscriptions" aria-labelledby="buy-title">
      <p className="breadcrumb">
        <Link to="/subscriptions">{t('subscriptions.back')}</Link>
      </p>
      <h1 id="buy-title">{t('subscriptions.buy-title')}</h1>
      {plans.isPending ? <Spinner label={t('subscriptions.loading-plans')} /> : null}
      {plans.isError ? <FormAlert>{t('subscriptions.load-failed')}</FormAlert> : null}
      {plans.data && !plan ? <FormAlert>{t('subscriptions.plan-missing')}</FormAlert> : null}
      {plan ? (
        <>
          <div className="plan-card plan-summary">
            <h2>{plan.name}</h2>
            <p className="plan-price">
              <strong>{formatPrice(plan, i18n.language)}</strong>{' '}
              <span>{t('subscriptions.duration', { count: plan.duration_days })}</span>
            </p>
            <p>
              <span className="plan-label">{t('subscriptions.opens')}</span>{' '}
              <PlanModules plan={plan} />
            </p>
          </div>
          <ol className="buy-steps">
            <li>{t('subscriptions.step-pay', { price: formatPrice(plan, i18n.language) })}</li>
            <li>{t('subscriptions.step-send')}</li>
            <li>{t('subscriptions.step-review')}</li>
          </ol>
          <BuyForm planId={plan.id} />
        </>
      ) : null}
    </section>
  );
}

function BuyForm({ planId }: { planId: number }) {
  const { t } = useSubscriptionsTranslation();
  const navigate = useNavigate();
  const buy = useBuySubscription();
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | undefined>();
  const form = useZodForm<PurchaseForm>(purchaseFormSchema, { payment_reference: '' });
  const message = form.formState.errors.payment_reference?.message;

  // Both parts are checked at once: a missing receipt is said beside a missing reference.
  const onSubmit = (event: FormEvent) => {
    setReceiptError(receipt ? undefined : t('subscriptions.receipt-required'));
    void send(event);
  };
  const send = form.handleSubmit((values) => {
    if (!receipt) return;
    buy.mutate(
      { plan: planId, payment_reference: values.payment_reference, receipt },
      {
        onSuccess: () => {
          notify('success', t('subscriptions.sent'));
          void navigate('/subscriptions');
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 400) return;
          setReceiptError(error.fieldMessages('receipt')[0]);
          const reference = error.fieldMessages('payment_reference')[0];
          if (reference) form.setError('payment_reference', { type: 'server', message: reference });
        },
      },
    );
  });

  // Seed §8: "Buying a subscription" fails with "Invalid request"; the server's reason follows.
  const failure = buy.error;
  const reasons =
    failure instanceof ApiError
      ? [...failure.fieldMessages('plan'), ...failure.fieldMessages('non_field_errors')]
      : [];
  if (
    failure instanceof ApiError &&
    typeof (failure.body as { detail?: unknown })?.detail === 'string'
  )
    reasons.push((failure.body as { detail: string }).detail);

  return (
    <form onSubmit={onSubmit} noValidate className="buy-form">
      <FormAlert>
        {failure ? [t('subscriptions.buy-failed'), ...reasons].join(' ') : null}
      </FormAlert>
      <TextField
        label={t('subscriptions.payment-reference')}
        hint={t('subscriptions.payment-reference-hint')}
        autoComplete="off"
        error={message ? t(message) : undefined}
        {...form.register('payment_reference')}
      />
      <div className="field">
        <label htmlFor="receipt">{t('subscriptions.receipt')}</label>
        <input
          id="receipt"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={receiptError ? true : undefined}
          aria-describedby={`receipt-hint${receiptError ? ' receipt-error' : ''}`}
          onChange={(e) => {
            setReceipt(e.target.files?.[0] ?? null);
            setReceiptError(undefined);
          }}
        />
        <p id="receipt-hint" className="field-hint">
          {t('subscriptions.receipt-hint')}
        </p>
        {receiptError ? (
          <p id="receipt-error" className="field-error" role="alert">
            {receiptError}
          </p>
        ) : null}
      </div>
      <Button type="submit" loading={buy.isPending}>
        {t('subscriptions.send')}
      </Button>
    </form>
  );
}
