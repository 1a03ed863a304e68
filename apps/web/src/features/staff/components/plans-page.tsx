import type { Plan } from '@qbank/contract/subscriptions';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useModuleOptions, usePlans, useSavePlan } from '../api/staff-api';
import '../i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Draft = {
  name: string;
  description: string;
  price: string;
  currency: string;
  duration_days: string;
  all_modules: boolean;
  modules: number[];
};

const EMPTY: Draft = {
  name: '',
  description: '',
  price: '',
  currency: 'DZD',
  duration_days: '30',
  all_modules: true,
  modules: [],
};

const toDraft = (p: Plan): Draft => ({
  name: p.name,
  description: p.description,
  price: p.price,
  currency: p.currency,
  duration_days: String(p.duration_days),
  all_modules: p.all_modules,
  modules: p.modules.map((m) => m.id),
});

/** Plans: every plan (archived ones dimmed), create, edit, archive or bring back. */
export default function PlansPage() {
  const { t } = useTranslation('staff');
  useDocumentTitle(t('plans.title'));
  const plans = usePlans();
  const save = useSavePlan();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);

  function toggleArchive(plan: Plan) {
    save.mutate(
      { id: plan.id, data: { is_archived: !plan.is_archived } },
      {
        onSuccess: () =>
          notify('success', t(plan.is_archived ? 'plans.unarchived' : 'plans.archived')),
      },
    );
  }

  return (
    <section className="page" aria-labelledby="plans-title">
      <div className="page-head">
        <h1 id="plans-title">{t('plans.title')}</h1>
        <Button onClick={() => setEditing('new')}>{t('plans.new')}</Button>
      </div>
      {plans.isPending ? <Spinner label={t('loading')} /> : null}
      {plans.isError ? <FormAlert>{t('errors.load')}</FormAlert> : null}
      {plans.isSuccess && plans.data.length === 0 ? (
        <p className="empty-state">{t('plans.empty')}</p>
      ) : null}
      <ul className="staff-cards">
        {(plans.data ?? []).map((p) => (
          <li key={p.id} className={p.is_archived ? 'staff-card is-archived' : 'staff-card'}>
            <div className="staff-card-body">
              <h2 className="staff-card-title">
                {p.name}{' '}
                {p.is_archived ? (
                  <span className="badge badge-expired">{t('plans.archived-badge')}</span>
                ) : null}
              </h2>
              {p.description ? <p className="muted">{p.description}</p> : null}
              <p>
                {p.price} {p.currency} · {t('plans.days', { count: p.duration_days })} ·{' '}
                {p.all_modules ? t('plans.all-modules') : p.modules.map((m) => m.name).join(', ')}
              </p>
              <div className="actions">
                <Button
                  variant="secondary"
                  onClick={() => setEditing(p)}
                  aria-label={t('plans.edit-named', { name: p.name })}
                >
                  {t('plans.edit')}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => toggleArchive(p)}
                  aria-label={t(p.is_archived ? 'plans.unarchive-named' : 'plans.archive-named', {
                    name: p.name,
                  })}
                >
                  {t(p.is_archived ? 'plans.unarchive' : 'plans.archive')}
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {editing ? (
        <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}

function PlanDialog({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const save = useSavePlan();
  const modules = useModuleOptions();
  const [draft, setDraft] = useState<Draft>(plan ? toDraft(plan) : EMPTY);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const error = save.error instanceof ApiError ? save.error : null;
  const fieldError = (f: string) => error?.fieldMessages(f).join(' ') || undefined;
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const days = Number(draft.duration_days);
    save.mutate(
      {
        id: plan?.id,
        data: {
          name: draft.name,
          description: draft.description,
          price: draft.price,
          currency: draft.currency,
          duration_days: Number.isInteger(days) ? days : (draft.duration_days as unknown as number),
          all_modules: draft.all_modules,
          modules: draft.all_modules ? [] : draft.modules,
        },
      },
      {
        onSuccess: () => {
          notify('success', t(plan ? 'plans.saved' : 'plans.created'));
          dialog.current?.close();
        },
      },
    );
  }

  return (
    <dialog
      ref={dialog}
      className="dialog staff-dialog staff-dialog-wide"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-title`}>
          {plan ? t('plans.edit-title', { name: plan.name }) : t('plans.new')}
        </h2>
        <TextField
          label={t('plans.name')}
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
          error={fieldError('name')}
          required
        />
        <div className="field">
          <label htmlFor={`${id}-description`}>{t('plans.description')}</label>
          <textarea
            id={`${id}-description`}
            rows={3}
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
          />
          {fieldError('description') ? (
            <p className="field-error">{fieldError('description')}</p>
          ) : null}
        </div>
        <div className="field-row">
          <TextField
            label={t('plans.price')}
            inputMode="decimal"
            value={draft.price}
            onChange={(e) => set({ price: e.target.value })}
            error={fieldError('price')}
            required
          />
          <TextField
            label={t('plans.currency')}
            value={draft.currency}
            maxLength={3}
            onChange={(e) => set({ currency: e.target.value })}
            error={fieldError('currency')}
            required
          />
          <TextField
            label={t('plans.duration')}
            type="number"
            min={1}
            value={draft.duration_days}
            onChange={(e) => set({ duration_days: e.target.value })}
            error={fieldError('duration_days')}
            required
          />
        </div>
        <fieldset className="staff-fieldset">
          <legend>{t('plans.modules')}</legend>
          <label className="check-inline">
            <input
              type="checkbox"
              checked={draft.all_modules}
              onChange={(e) => set({ all_modules: e.target.checked })}
            />
            {t('plans.all-modules')}
          </label>
          {draft.all_modules ? null : (
            <div className="module-checks">
              {(modules.data ?? []).map((m) => (
                <label key={m.id} className="check-inline">
                  <input
                    type="checkbox"
                    checked={draft.modules.includes(m.id)}
                    onChange={(e) =>
                      set({
                        modules: e.target.checked
                          ? [...draft.modules, m.id]
                          : draft.modules.filter((x) => x !== m.id),
                      })
                    }
                  />
                  {m.name}
                </label>
              ))}
            </div>
          )}
          {fieldError('modules') ? <p className="field-error">{fieldError('modules')}</p> : null}
        </fieldset>
        {error &&
        error.messages.length &&
        !['name', 'price', 'currency', 'duration_days', 'modules', 'description'].some(
          (f) => error.fieldMessages(f).length,
        ) ? (
          <FormAlert>{error.messages.join(' ')}</FormAlert>
        ) : null}
        {save.error && !error ? <FormAlert>{t('errors.generic')}</FormAlert> : null}
        <div className="actions">
          <Button type="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
          <Button variant="secondary" onClick={() => dialog.current?.close()}>
            {t('actions.cancel')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
