import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useAudit, PAGE_SIZE } from '../api/staff-api';
import '../i18n';
import { Pager } from '../../../components/ui/pager';
import { useUrlState } from '../../../lib/use-url-state';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Link } from 'react-router';
import { AuditChanges } from './audit-changes';

const FILTERS = ['actor', 'action', 'target_type', 'target_id', 'since', 'until'] as const;
// Every kind of record a staff action touches (the action filter takes the same prefixes).
const TARGETS = [
  'plan',
  'purchase',
  'report',
  'comment',
  'reply',
  'user',
  'module',
  'course',
  'source',
  'question',
  'case',
  'import',
  'export',
  'media',
  'backup',
  'setting',
];
const ACTIONS = TARGETS;

/** Where a logged record is edited in the back office, when it has a page. */
function targetLink(type: string, id: number | null): string | null {
  if (id === null) return null;
  if (type === 'question') return `/staff/questions/${id}`;
  if (type === 'user') return `/staff/users/${id}`;
  if (type === 'case') return `/staff/cases/${id}`;
  return null;
}

/**
 * The audit log: who (name and e-mail) did what to which record and when, and the fields that
 * changed, before → after. The whole records stay one click further, for the odd deep look.
 */
export default function AuditPage() {
  const { t, i18n } = useTranslation('staff');
  useDocumentTitle(t('audit.title'));
  const url = useUrlState({ replace: true });
  const values = Object.fromEntries(FILTERS.map((f) => [f, url.get(f)]));
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(FILTERS.map((f) => [f, url.get(f) ?? ''])),
  );
  const list = useAudit({ page: url.page, ...values });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  function apply(e: FormEvent) {
    e.preventDefault();
    url.set(Object.fromEntries(FILTERS.map((f) => [f, draft[f]?.trim() || undefined])));
  }
  const input = (f: (typeof FILTERS)[number], type = 'text') => (
    <label>
      {t(`audit.filters.${f}`)}
      <input
        type={type}
        value={draft[f]}
        onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
      />
    </label>
  );
  const error =
    list.error instanceof ApiError && list.error.status === 400
      ? list.error.messages.join(' ')
      : null;

  return (
    <section className="page" aria-labelledby="audit-title">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <form className="staff-filters" onSubmit={apply} aria-label={t('audit.filters.label')}>
        {input('actor')}
        <label>
          {t('audit.filters.action')}
          <select
            value={draft.action}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
          >
            <option value="">{t('audit.any')}</option>
            {ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('audit.filters.target_type')}
          <select
            value={draft.target_type}
            onChange={(e) => setDraft({ ...draft, target_type: e.target.value })}
          >
            <option value="">{t('audit.any')}</option>
            {TARGETS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        {input('target_id', 'number')}
        {input('since', 'date')}
        {input('until', 'date')}
        <div className="actions">
          <Button type="submit">{t('audit.apply')}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(Object.fromEntries(FILTERS.map((f) => [f, ''])));
              url.set(Object.fromEntries(FILTERS.map((f) => [f, undefined])));
            }}
          >
            {t('audit.clear')}
          </Button>
        </div>
      </form>
      {list.isPending ? <Spinner label={t('loading')} /> : null}
      {error ? (
        <FormAlert>{error}</FormAlert>
      ) : list.isError ? (
        <FormAlert>{t('errors.load')}</FormAlert>
      ) : null}
      {list.isSuccess && list.data.count === 0 ? (
        <p className="empty-state">{t('audit.empty')}</p>
      ) : null}
      {/* The previous filter's entries stay while the new ones load; say so. */}
      <ol className="staff-cards audit-list" aria-busy={list.isPlaceholderData || undefined}>
        {(list.data?.results ?? []).map((e) => {
          const link = targetLink(e.target_type, e.target_id);
          const target = `${e.target_type} #${e.target_id ?? '—'}`;
          return (
            <li key={e.id} className="staff-card">
              <div className="staff-card-body">
                <p>
                  <code>{e.action}</code> · {link ? <Link to={link}>{target}</Link> : target}
                </p>
                <p className="muted">
                  {e.actor.name ? <strong>{e.actor.name}</strong> : null}
                  {e.actor.name ? ' · ' : null}
                  {e.actor.email} ·{' '}
                  <time dateTime={e.created_at}>{date.format(new Date(e.created_at))}</time>
                </p>
                <AuditChanges changes={e.changes} />
                <details>
                  <summary>{t('audit.records')}</summary>
                  <div className="audit-diff">
                    <div>
                      <h3>{t('audit.before')}</h3>
                      <pre>{JSON.stringify(e.before, null, 2)}</pre>
                    </div>
                    <div>
                      <h3>{t('audit.after')}</h3>
                      <pre>{JSON.stringify(e.after, null, 2)}</pre>
                    </div>
                  </div>
                </details>
              </div>
            </li>
          );
        })}
      </ol>
      <Pager
        pageSize={PAGE_SIZE}
        page={url.page}
        count={list.data?.count ?? 0}
        onPage={(page) => url.set({ page: String(page) })}
      />
    </section>
  );
}
