import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { modulesQueryOptions } from '../api/get-catalogue';
import { useSetModuleFilter } from '../api/module-filters';
import '../i18n';
import '../my-lists.css';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Onboarding's module choice, changed later: each box adds or removes a module filter at once. */
export default function MyModulesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('lists.my-modules.title'));
  const modules = useQuery(modulesQueryOptions);
  const save = useSetModuleFilter();
  // The box follows the click at once (the cache update of the mutation comes a tick later).
  const [local, setLocal] = useState<{ module: number; on: boolean } | null>(null);

  return (
    <section className="page page-narrow my-lists" aria-labelledby="my-modules-title">
      <h1 id="my-modules-title">{t('lists.my-modules.title')}</h1>
      <p>{t('lists.my-modules.intro')}</p>
      {modules.isPending ? <Spinner label={t('lists.loading')} /> : null}
      {modules.isError ? <FormAlert>{t('lists.load-failed')}</FormAlert> : null}
      {modules.isSuccess && modules.data.length === 0 ? (
        <p className="empty-state">{t('lists.my-modules.empty')}</p>
      ) : null}
      {modules.isSuccess && modules.data.length > 0 ? (
        <fieldset className="choice-list">
          <legend className="visually-hidden">{t('lists.my-modules.legend')}</legend>
          {modules.data.map((m) => {
            return (
              <label key={m.id} className="choice">
                <input
                  type="checkbox"
                  checked={local?.module === m.id ? local.on : m.is_filtered}
                  disabled={save.isPending}
                  onChange={(e) => {
                    const change = { module: m.id, on: e.target.checked };
                    setLocal(change);
                    save.mutate(change, { onSettled: () => setLocal(null) });
                  }}
                />
                <span>
                  {m.name}
                  {m.is_hidden ? ` (${t('lists.my-modules.hidden')})` : ''}
                </span>
              </label>
            );
          })}
        </fieldset>
      ) : null}
    </section>
  );
}
