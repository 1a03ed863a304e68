import { PURCHASE_STATUS_VALUES } from '@qbank/contract/constants';
import type { StaffPurchase } from '@qbank/contract/subscriptions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { StaffSearch } from './staff-search';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/toast';
import { useDecidePurchase, usePurchases, PAGE_SIZE } from '../api/staff-api';
import '../i18n';
import { Pager } from '../../../components/ui/pager';
import { TextDialog } from './text-dialog';
import { ReceiptDialog } from './receipt-dialog';
import { useUrlState } from '../../../lib/use-url-state';
import { useDocumentTitle } from '../../../lib/use-document-title';

const STATUSES = [...PURCHASE_STATUS_VALUES, 'all'] as const;

/** The purchase queue: pending first (oldest first), each with its receipt; approve or reject. */
export default function PurchasesPage() {
  const { t, i18n } = useTranslation('staff');
  useDocumentTitle(t('purchases.title'));
  const url = useUrlState({ replace: true });
  const status = url.get('status') ?? 'pending';
  const list = usePurchases({
    page: url.page,
    status: status === 'all' ? undefined : status,
    search: url.get('search'),
  });
  const decide = useDecidePurchase();
  const [deciding, setDeciding] = useState<{
    purchase: StaffPurchase;
    decision: 'approve' | 'reject';
  } | null>(null);
  const [receipt, setReceipt] = useState<StaffPurchase | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className="page" aria-labelledby="purchases-title">
      <h1 id="purchases-title">{t('purchases.title')}</h1>
      <div className="staff-toolbar">
        <div className="staff-tabs" role="group" aria-label={t('purchases.status')}>
          {STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={status === s}
              onClick={() => url.set({ status: s === 'pending' ? undefined : s })}
            >
              {t(`purchases.statuses.${s}`)}
            </button>
          ))}
        </div>
        <StaffSearch
          id="purchase-search"
          label={t('purchases.search')}
          value={url.get('search')}
          onSearch={(search) => url.set({ search })}
        />
      </div>
      {list.isPending ? <Spinner label={t('loading')} /> : null}
      {list.isError ? <FormAlert>{t('errors.load')}</FormAlert> : null}
      {list.isSuccess && list.data.count === 0 ? (
        <p className="empty-state">{t('purchases.empty')}</p>
      ) : null}
      <ul className="staff-cards">
        {(list.data?.results ?? []).map((p) => (
          <li key={p.id} className="staff-card" aria-labelledby={`purchase-${p.id}`}>
            {p.receipt ? (
              <button type="button" className="receipt" onClick={() => setReceipt(p)}>
                <img
                  src={p.receipt}
                  alt={t('purchases.receipt-of', { email: p.user.email })}
                  loading="lazy"
                />
              </button>
            ) : (
              <span className="receipt receipt-missing">{t('purchases.no-receipt')}</span>
            )}
            <div className="staff-card-body">
              <h2 id={`purchase-${p.id}`} className="staff-card-title">
                <Link to={`/staff/users/${p.user.id}`}>{p.user.email}</Link>
              </h2>
              <dl className="staff-facts">
                <dt>{t('purchases.plan')}</dt>
                <dd>{p.plan.name}</dd>
                <dt>{t('purchases.bought')}</dt>
                <dd>
                  <strong>
                    {p.plan.price} {p.plan.currency}
                  </strong>{' '}
                  · {t('plans.days', { count: p.plan.duration_days })}
                </dd>
                <dt>{t('purchases.bought-modules')}</dt>
                <dd>
                  {p.plan.all_modules
                    ? t('plans.all-modules')
                    : p.plan.modules.map((m) => m.name).join(', ')}
                </dd>
                <dt>{t('purchases.reference')}</dt>
                <dd>{p.payment_reference}</dd>
                <dt>{t('purchases.created')}</dt>
                <dd>{date.format(new Date(p.created_at))}</dd>
                <dt>{t('purchases.state')}</dt>
                <dd>
                  <span className={`badge badge-${p.status}`}>
                    {t(`purchases.statuses.${p.status}`)}
                  </span>
                  {p.ends_at
                    ? ` ${t('purchases.until', { date: date.format(new Date(p.ends_at)) })}`
                    : null}
                </dd>
                {p.staff_note ? (
                  <>
                    <dt>{t('purchases.note')}</dt>
                    <dd>{p.staff_note}</dd>
                  </>
                ) : null}
              </dl>
              {p.status === 'pending' ? (
                <div className="actions">
                  <Button onClick={() => setDeciding({ purchase: p, decision: 'approve' })}>
                    {t('purchases.approve')}
                  </Button>
                  <Button
                    variant="danger"
                    onClick={() => setDeciding({ purchase: p, decision: 'reject' })}
                  >
                    {t('purchases.reject')}
                  </Button>
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <Pager
        pageSize={PAGE_SIZE}
        page={url.page}
        count={list.data?.count ?? 0}
        onPage={(page) => url.set({ page: String(page) })}
      />
      {receipt?.receipt ? (
        <ReceiptDialog
          src={receipt.receipt}
          email={receipt.user.email}
          onClose={() => setReceipt(null)}
        />
      ) : null}
      {deciding ? (
        <TextDialog
          title={t(`purchases.${deciding.decision}-title`, {
            email: deciding.purchase.user.email,
            plan: deciding.purchase.plan.name,
          })}
          label={t(
            deciding.decision === 'approve' ? 'purchases.note-optional' : 'purchases.reason',
          )}
          confirmLabel={t(`purchases.${deciding.decision}`)}
          required={deciding.decision === 'reject'}
          danger={deciding.decision === 'reject'}
          busy={decide.isPending}
          error={decide.error}
          onClose={() => {
            setDeciding(null);
            decide.reset();
          }}
          onConfirm={(staff_note) =>
            decide.mutate(
              { id: deciding.purchase.id, decision: deciding.decision, staff_note },
              {
                onSuccess: () => {
                  notify('success', t(`purchases.done-${deciding.decision}`));
                  setDeciding(null);
                },
              },
            )
          }
        />
      ) : null}
    </section>
  );
}
