import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { currentUserKey } from '../../../lib/current-user';
import { useSession } from '../../../lib/session';
import { useSaveModuleChoice } from '../api/create-module-filter';
import { useModules } from '../api/get-modules';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../lib/i18n-screens';

/** Onboarding: the learner picks the modules to study (module filters), then lands on /modules. */
export default function OnboardingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('onboarding.title'));
  const navigate = useNavigate();
  const { token } = useSession();
  const modules = useModules();
  const save = useSaveModuleChoice();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const queryClient = useQueryClient();

  // Arriving from e-mail verification, the stored profile still says unconfirmed.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: currentUserKey(token) });
  }, [queryClient, token]);

  if (!token) {
    return (
      <main className="auth-page" id="main">
        <div className="auth-card">
          <h1>{t('onboarding.title')}</h1>
          <p>{t('auth.verify.signed-out')}</p>
          <Link className="btn btn-primary btn-block" to="/auth/sign-in">
            {t('auth.sign-in.link')}
          </Link>
        </div>
      </main>
    );
  }

  const list = (modules.data ?? []).filter((m) => !m.is_hidden);
  const already = new Set(list.filter((m) => m.is_filtered).map((m) => m.id));
  const isChecked = (id: number) => already.has(id) || chosen.has(id);
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    const fresh = [...chosen].filter((id) => !already.has(id));
    save.mutate(fresh, {
      onSuccess: () => {
        if (fresh.length) notify('success', t('onboarding.saved', { count: fresh.length }));
        void navigate('/modules', { replace: true });
      },
    });
  }

  return (
    <main className="auth-page onboarding" id="main">
      <div className="auth-card auth-card-wide">
        <h1>{t('onboarding.title')}</h1>
        <p className="auth-intro">{t('onboarding.intro')}</p>
        {modules.isPending ? <Spinner label={t('modules.loading')} /> : null}
        {modules.isError ? <FormAlert>{t('modules.load-failed')}</FormAlert> : null}
        <FormAlert>{save.error ? t('errors.saving-failed') : null}</FormAlert>
        {modules.isSuccess ? (
          <form onSubmit={submit}>
            {list.length === 0 ? <p>{t('modules.empty-text')}</p> : null}
            <fieldset className="choice-list">
              <legend className="visually-hidden">{t('onboarding.legend')}</legend>
              {list.map((m) => (
                <label key={m.id} className="choice">
                  <input
                    type="checkbox"
                    checked={isChecked(m.id)}
                    disabled={already.has(m.id)}
                    onChange={(e) => toggle(m.id, e.target.checked)}
                  />
                  <span className="choice-name">{m.name}</span>
                  <span className="choice-meta">
                    {t('modules.courses', { count: m.courses_count })}
                  </span>
                </label>
              ))}
            </fieldset>
            <div className="actions">
              <Button type="submit" loading={save.isPending}>
                {t('onboarding.submit')}
              </Button>
              <Link className="btn btn-link" to="/modules">
                {t('onboarding.skip')}
              </Link>
            </div>
          </form>
        ) : null}
      </div>
    </main>
  );
}
