import { STATUS_TRANSITIONS } from '@qbank/contract/constants';
import type { StaffQuestionSaved } from '@qbank/contract/staff-content';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useChangeStatus } from '../api/change-status';
import { useStaffCatalogue } from '../api/get-staff-catalogue';
import { useStaffQuestion } from '../api/get-staff-question';
import { useSaveQuestion } from '../api/save-question';
import { NS } from '../i18n';
import { emptyValues, QuestionForm, toInput, valuesOf } from './question-form';
import { VersionsPanel } from './versions-panel';
import { trailState, useBankTrail } from '../bank-trail';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../staff-content.css';

const AnalysisPanel = lazy(() => import('./analysis-panel'));

type Tab = 'edit' | 'versions' | 'analysis';

/**
 * /staff/questions/:id (or /new). A fresh editor for each question: "save and next" opens the
 * next one on this same route, and its tab, outcome and edits must not carry over.
 */
export default function QuestionEditorRoute() {
  const { questionId } = useParams();
  return <QuestionEditorPage key={questionId} questionId={questionId} />;
}

/** The editor, the workflow, the versions and item analysis. */
function QuestionEditorPage({ questionId }: { questionId: string | undefined }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const id = questionId && questionId !== 'new' ? Number(questionId) : null;
  const walk = useBankTrail(id);
  const arrived = (useLocation().state as { saved?: number } | null)?.saved ?? null;
  useDocumentTitle(id === null ? t('editor.new-title') : t('editor.title', { id }));
  const catalogue = useStaffCatalogue();
  const question = useStaffQuestion(id);
  const save = useSaveQuestion();
  const status = useChangeStatus();
  const [tab, setTab] = useState<Tab>('edit');
  const [outcome, setOutcome] = useState<StaffQuestionSaved | null>(null);
  const [dirty, setDirty] = useState(false);
  // The form is rebuilt from the server only when its content was saved (or reverted): a
  // status change or a look at another tab keeps the edits in progress.
  const [saves, setSaves] = useState(0);
  const { blocker, allowNext } = useUnsavedChanges(dirty);
  const onDirtyChange = useCallback((d: boolean) => setDirty(d), []);
  const contentSaved = () => {
    allowNext();
    setDirty(false);
    setSaves((n) => n + 1);
  };

  // The next question of the bank list, told which one was just saved; the list's end goes
  // back to the list.
  const openNext = async (savedId: number) => {
    const next = await walk.next();
    if (next)
      void navigate(`/staff/questions/${next.id}`, {
        state: { ...trailState(next.trail), saved: savedId },
      });
    else void navigate(walk.backTo);
  };

  if (catalogue.isPending || (id !== null && question.isPending))
    return <Spinner label={t('loading')} />;
  if (question.error || catalogue.error)
    return <FormAlert>{(question.error ?? catalogue.error)?.message}</FormAlert>;

  const current = id === null ? null : question.data!;
  const initial = current ? valuesOf(current) : emptyValues();

  return (
    <section className="page staff-page">
      <p className="editor-trail">
        <Link to={walk.backTo}>{walk.trail ? t('editor.back-list') : t('editor.back')}</Link>
        {walk.position ? (
          <span className="muted">
            {' · '}
            {t('editor.position', walk.position)}
          </span>
        ) : null}
      </p>
      <div className="page-head">
        <h1>{current ? t('editor.title', { id: current.id }) : t('editor.new-title')}</h1>
        {current ? (
          <div className="status-bar">
            <span className={`question-status question-status-${current.status}`}>
              {t(`status.${current.status}`)}
            </span>
            <span className="muted">{t('editor.version', { n: current.version })}</span>
            {current.clinical_case !== null ? (
              <Link to={`/staff/cases/${current.clinical_case}`}>
                {t('case.part-of', { id: current.clinical_case })}
              </Link>
            ) : null}
            {STATUS_TRANSITIONS[current.status].map((next) => (
              <Button
                key={next}
                variant="secondary"
                loading={status.isPending && status.variables?.status === next}
                onClick={() => status.mutate({ id: current.id, status: next })}
              >
                {t(`transitions.${next}`)}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      <FormAlert>{status.error?.message}</FormAlert>
      {arrived !== null && !outcome ? (
        <FormAlert tone="success">{t('editor.saved-previous', { id: arrived })}</FormAlert>
      ) : null}
      {outcome ? (
        <FormAlert tone="success">
          {t('editor.saved')}
          {outcome.notified.length || outcome.rescored
            ? ` ${t('editor.rescored', { rescored: outcome.rescored, notified: outcome.notified.length })}`
            : ''}
        </FormAlert>
      ) : null}
      {current ? (
        <div className="tabs" role="tablist" aria-label={t('editor.sections')}>
          {(['edit', 'versions', 'analysis'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              className={tab === name ? 'tab is-active' : 'tab'}
              onClick={() => setTab(name)}
            >
              {t(`tabs.${name}`)}
            </button>
          ))}
        </div>
      ) : null}
      {/* Hidden, not unmounted, on the other tabs: its state is the editor's work. */}
      <div hidden={tab !== 'edit'}>
        <QuestionForm
          key={`${current?.id ?? 'new'}-${saves}`}
          questionId={id}
          catalogue={catalogue.data ?? []}
          initial={initial}
          saving={save.isPending}
          error={save.error}
          canSaveNext={walk.hasNext}
          onDirtyChange={onDirtyChange}
          onSubmit={(values, then) =>
            save.mutate(
              { id, body: toInput(values, current?.clinical_case ?? null) },
              {
                onSuccess: async (saved) => {
                  if ('rescored' in saved) setOutcome(saved);
                  else setOutcome(null);
                  contentSaved();
                  if (then === 'next') await openNext(saved.id);
                  else if (id === null)
                    void navigate(`/staff/questions/${saved.id}`, { replace: true });
                },
              },
            )
          }
        />
      </div>
      {tab === 'versions' && current ? (
        <VersionsPanel
          questionId={current.id}
          unsaved={dirty}
          onReverted={(saved) => {
            setOutcome(saved);
            contentSaved();
            setTab('edit');
          }}
        />
      ) : null}
      {tab === 'analysis' && current ? (
        <Suspense fallback={<Spinner label={t('loading')} />}>
          <AnalysisPanel questionId={current.id} />
        </Suspense>
      ) : null}
      {blocker.state === 'blocked' ? (
        <ConfirmDialog
          title={t('editor.leave-title')}
          text={t('editor.leave-text')}
          confirmLabel={t('editor.leave')}
          onConfirm={() => blocker.proceed()}
          onClose={() => blocker.reset()}
        />
      ) : null}
    </section>
  );
}
