import type { SessionResume } from '@qbank/contract/sessions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useResume } from '../api/get-resume';
import { useSessionAction, type SessionAction } from '../api/session-actions';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import '../sessions.css';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../lib/i18n-learning';

type Pending = {
  action: SessionAction;
  title: string;
  text: string;
  confirm: string;
  then?: string;
};

/** Sessions to resume, with start anew and the progress resets, each behind a confirmation. */
export default function SessionsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('sessions.title'));
  const navigate = useNavigate();
  const resume = useResume();
  const act = useSessionAction();
  const [pending, setPending] = useState<Pending | null>(null);
  const list = resume.data ?? [];
  const modules = [...new Set(list.flatMap((s) => (s.course ? [s.course.module] : [])))];

  function confirm() {
    if (!pending) return;
    act.mutate(pending.action, {
      onSuccess: () => {
        notify('success', t('sessions.done'));
        setPending(null);
        if (pending.then) void navigate(pending.then);
      },
      onError: (error) =>
        notify('error', error instanceof ApiError ? error.message : t('sessions.failed')),
    });
  }

  function ask(session: SessionResume, kind: 'start-new' | 'clear-session' | 'clear-course') {
    const name = session.course?.name ?? session.name;
    if (kind === 'start-new')
      setPending({
        action: { kind, session: session.session_id },
        title: t('sessions.start-new-title'),
        text: t('sessions.start-new-text', { name }),
        confirm: t('sessions.start-new'),
        then: session.course ? `/courses/${session.course.id}/study` : undefined,
      });
    else if (kind === 'clear-session')
      setPending({
        action: { kind, session: session.session_id },
        title: t('sessions.clear-title'),
        text: t('sessions.clear-text', { name }),
        confirm: t('sessions.clear'),
      });
    else if (session.course)
      setPending({
        action: { kind, course: session.course.id },
        title: t('sessions.clear-course-title'),
        text: t('sessions.clear-course-text', { name }),
        confirm: t('sessions.clear-course'),
      });
  }

  return (
    <section className="page" aria-labelledby="sessions-title">
      <div className="page-head">
        <h1 id="sessions-title">{t('sessions.title')}</h1>
        <Link className="btn btn-secondary" to="/history">
          {t('sessions.history')}
        </Link>
      </div>
      {resume.isPending ? <Spinner label={t('sessions.loading')} /> : null}
      {resume.isError ? <FormAlert>{t('sessions.load-failed')}</FormAlert> : null}
      {resume.isSuccess && list.length === 0 ? (
        <div className="empty-state">
          <h2>{t('sessions.empty-title')}</h2>
          <p>{t('sessions.empty-text')}</p>
          <Link className="btn btn-primary" to="/modules">
            {t('nav.modules')}
          </Link>
        </div>
      ) : null}
      <ul className="session-list" aria-label={t('sessions.title')}>
        {list.map((s) => {
          const name = s.course?.name ?? s.name;
          const percent = s.total ? Math.round((s.answered / s.total) * 100) : 0;
          const first = s.first_unanswered;
          const resumeTo = s.course
            ? `/courses/${s.course.id}/study${first ? `?page=${first.page}&index=${first.index}` : ''}`
            : null;
          return (
            <li key={s.session_id} className="session-item" data-session-id={s.session_id}>
              <div className="session-main">
                <h2 id={`session-${s.session_id}`}>{name}</h2>
                <p>
                  {t('sessions.progress', {
                    answered: s.answered,
                    total: s.total,
                    correct: s.correct,
                  })}
                </p>
                <progress
                  max={Math.max(1, s.total)}
                  value={s.answered}
                  aria-label={t('sessions.progress-label', { name })}
                >
                  {percent}%
                </progress>
              </div>
              <div className="session-actions">
                {resumeTo ? (
                  <Link
                    className="btn btn-primary"
                    to={resumeTo}
                    aria-describedby={`session-${s.session_id}`}
                  >
                    {t('sessions.resume')}
                  </Link>
                ) : null}
                <Button
                  variant="secondary"
                  onClick={() => ask(s, 'start-new')}
                  aria-describedby={`session-${s.session_id}`}
                >
                  {t('sessions.start-new')}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => ask(s, 'clear-session')}
                  aria-describedby={`session-${s.session_id}`}
                >
                  {t('sessions.clear')}
                </Button>
                {s.course ? (
                  <Button
                    variant="secondary"
                    onClick={() => ask(s, 'clear-course')}
                    aria-describedby={`session-${s.session_id}`}
                  >
                    {t('sessions.clear-course')}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {modules.length > 0 ? (
        <section aria-labelledby="module-progress-title" className="module-progress">
          <h2 id="module-progress-title">{t('sessions.module-progress')}</h2>
          <ul className="session-list">
            {modules.map((moduleId) => (
              <li key={moduleId} className="session-item">
                <span>
                  {t('sessions.module-courses', {
                    names: list
                      .filter((s) => s.course?.module === moduleId)
                      .map((s) => s.course?.name)
                      .join(', '),
                  })}
                </span>
                <Button
                  variant="secondary"
                  onClick={() =>
                    setPending({
                      action: { kind: 'clear-module', module: moduleId },
                      title: t('sessions.clear-module-title'),
                      text: t('sessions.clear-module-text'),
                      confirm: t('sessions.clear-module'),
                    })
                  }
                >
                  {t('sessions.clear-module')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {pending ? (
        <ConfirmDialog
          title={pending.title}
          text={pending.text}
          confirmLabel={pending.confirm}
          busy={act.isPending}
          onConfirm={confirm}
          onClose={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}
