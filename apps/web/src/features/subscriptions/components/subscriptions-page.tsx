import type { Purchase, SubscriptionCheck } from '@qbank/contract/subscriptions';
import { useSubscriptionsTranslation } from '../i18n';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/toast';
import { useCancelPurchase } from '../api/cancel-purchase';
import { useCheckSubscription } from '../api/check-subscription';
import { useMySubscriptions } from '../api/get-my-subscriptions';
import { usePlans } from '../api/get-plans';
import { formatDate, formatPrice } from '../format';
import { PlanModules } from './plan-modules';
import '../subscriptions.css';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Subscriptions: what check_sub says, the plans on sale, and the caller's purchases. */
export default function SubscriptionsPage() {
  const { t } = useSubscriptionsTranslation();
  const check = useCheckSubscription();
  useDocumentTitle(t('subscriptions.title'));
  return (
    <section className="page subscriptions" aria-labelledby="subscriptions-title">
      <div className="page-head">
        <h1 id="subscriptions-title">{t('subscriptions.title')}</h1>
      </div>
      {check.isPending ? <Spinner label={t('subscriptions.checking')} /> : null}
      {check.isError ? <FormAlert>{t('subscriptions.check-failed')}</FormAlert> : null}
      {check.data ? <SubscriptionStatus check={check.data} /> : null}
      <Plans />
      <MyPurchases />
    </section>
  );
}

function SubscriptionStatus({ check }: { check: SubscriptionCheck }) {
  const { t, i18n } = useSubscriptionsTranslation();
  if (!check.has_subscription)
    return (
      <div className="sub-status" role="status">
        <p className="sub-status-title">{t('subscriptions.none')}</p>
        <p>{t('subscriptions.free-preview', { count: check.free_questions_per_course })}</p>
      </div>
    );
  return (
    <div className="sub-status sub-status-active" role="status">
      <p className="sub-status-title">
        {t('subscriptions.active', {
          plan: check.plan?.name ?? '',
          date: check.expires_at ? formatDate(check.expires_at, i18n.language) : '',
        })}
      </p>
      <p>
        {check.modules === 'all'
          ? t('subscriptions.opens-all')
          : t('subscriptions.opens-some', { count: check.modules.length })}
      </p>
    </div>
  );
}

function Plans() {
  const { t, i18n } = useSubscriptionsTranslation();
  const plans = usePlans();
  return (
    <section className="sub-section" aria-labelledby="plans-title">
      <h2 id="plans-title">{t('subscriptions.plans')}</h2>
      {plans.isPending ? <Spinner label={t('subscriptions.loading-plans')} /> : null}
      {plans.isError ? <FormAlert>{t('subscriptions.load-failed')}</FormAlert> : null}
      {plans.data?.length === 0 ? (
        <div className="empty-state">
          <h3>{t('subscriptions.no-plans-title')}</h3>
          <p>{t('subscriptions.no-plans-text')}</p>
        </div>
      ) : null}
      <ul className="plan-list">
        {plans.data?.map((plan) => (
          <li key={plan.id} className="plan-card">
            <h3>{plan.name}</h3>
            <p className="plan-price">
              <strong>{formatPrice(plan, i18n.language)}</strong>{' '}
              <span>{t('subscriptions.duration', { count: plan.duration_days })}</span>
            </p>
            <p className="plan-modules">
              <span className="plan-label">{t('subscriptions.opens')}</span>{' '}
              <PlanModules plan={plan} />
            </p>
            {plan.description ? <p className="plan-description">{plan.description}</p> : null}
            <Link
              className="btn btn-primary"
              to={`/subscriptions/buy/${plan.id}`}
              aria-label={t('subscriptions.buy-plan', { name: plan.name })}
            >
              {t('subscriptions.buy')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MyPurchases() {
  const { t } = useSubscriptionsTranslation();
  const mine = useMySubscriptions();
  return (
    <section className="sub-section" aria-labelledby="purchases-title">
      <h2 id="purchases-title">{t('subscriptions.mine')}</h2>
      {mine.isPending ? <Spinner label={t('subscriptions.loading-mine')} /> : null}
      {/* Seed §8: "My subscriptions load" fails with this message. */}
      {mine.isError ? <FormAlert>{t('subscriptions.load-failed')}</FormAlert> : null}
      {mine.data?.length === 0 ? (
        <div className="empty-state">
          <h3>{t('subscriptions.no-purchases-title')}</h3>
          <p>{t('subscriptions.no-purchases-text')}</p>
        </div>
      ) : null}
      <ul className="purchase-list">
        {mine.data?.map((purchase) => (
          <PurchaseItem key={purchase.id} purchase={purchase} />
        ))}
      </ul>
    </section>
  );
}

function PurchaseItem({ purchase }: { purchase: Purchase }) {
  const { t, i18n } = useSubscriptionsTranslation();
  const cancel = useCancelPurchase();
  const date = (iso: string) => formatDate(iso, i18n.language);
  return (
    <li className={`purchase-item purchase-${purchase.status}`}>
      <div className="purchase-head">
        <h3>{purchase.plan.name}</h3>
        <span className={`purchase-status purchase-status-${purchase.status}`}>
          {t(`subscriptions.status-${purchase.status}`)}
        </span>
      </div>
      <p className="purchase-meta">
        {formatPrice(purchase.plan, i18n.language)} ·{' '}
        {t('subscriptions.bought-on', { date: date(purchase.created_at) })} ·{' '}
        {t('subscriptions.reference', { reference: purchase.payment_reference })}
      </p>
      {purchase.starts_at && purchase.ends_at ? (
        <p>
          {t('subscriptions.runs', { from: date(purchase.starts_at), to: date(purchase.ends_at) })}
        </p>
      ) : null}
      {purchase.status === 'pending' ? <p>{t('subscriptions.pending-help')}</p> : null}
      {purchase.staff_note ? (
        <p className="purchase-note">
          <span className="plan-label">{t('subscriptions.staff-note')}</span> {purchase.staff_note}
        </p>
      ) : null}
      {purchase.status === 'pending' ? (
        <Button
          variant="secondary"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(purchase.id, {
              onSuccess: () => notify('success', t('subscriptions.cancelled')),
              onError: () => notify('error', t('errors.failed')),
            })
          }
        >
          {t('subscriptions.cancel')}
        </Button>
      ) : null}
    </li>
  );
}
