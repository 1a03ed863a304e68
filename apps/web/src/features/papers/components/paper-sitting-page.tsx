import type { PaperAttempt } from '@qbank/contract/papers';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ChoiceList, QuestionStem, preloadMarkdown } from '../../../components/question-content';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  Elapsed,
  ExamToolsBar,
  QuestionNavigator,
  flaggedPositions,
  nextFlagged,
  useExamTools,
  useToolsState,
} from '../../player';
import { attemptQueryOptions, saveAnswer, useSubmitPaper } from '../api/papers';
import '../../../lib/i18n-learning';
import '../i18n';
import '../papers.css';

type View = 'one' | 'whole';
/** Where the learner was in a sitting: kept in the tab, so a reload comes back to it. */
const positionKey = (id: number) => `paper-position-${id}`;

/** A past paper being sat: loaded from the server, every answer saved as it is given. */
export default function PaperSittingPage() {
  const { t } = useTranslation('papers');
  const id = Number(useParams().attemptId);
  const attempt = useQuery({ ...attemptQueryOptions(id), enabled: Number.isInteger(id) });
  useDocumentTitle(attempt.data?.paper.name ?? t('title'));
  if (attempt.isPending) return <Spinner label={t('loading')} />;
  if (attempt.isError || !attempt.data) {
    return (
      <section className="page">
        <FormAlert>{t('load-failed')}</FormAlert>
        <Link to="/papers">{t('back')}</Link>
      </section>
    );
  }
  if (attempt.data.submitted_at) return <Navigate to={`/papers/attempts/${id}/result`} replace />;
  return <Sitting attempt={attempt.data} />;
}

function Sitting({ attempt }: { attempt: PaperAttempt }) {
  const { t } = useTranslation('papers');
  const navigate = useNavigate();
  // The deadline by the server's clock, moved onto this browser's clock once at load.
  const [deadline] = useState(() => Date.now() + attempt.seconds_left * 1000);
  const [answers, setAnswers] = useState(
    () => new Map(attempt.answers.map((a) => [a.question, a.choices])),
  );
  const [i, setI] = useState(() => {
    const saved = Number(sessionStorage.getItem(positionKey(attempt.id)));
    return Number.isInteger(saved) && saved >= 0 && saved < attempt.questions.length ? saved : 0;
  });
  const [view, setView] = useState<View>('one');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const submit = useSubmitPaper(attempt.id);
  const total = attempt.questions.length;
  const question = attempt.questions[i]!;
  const answered = attempt.questions.filter((q) => (answers.get(q.id)?.length ?? 0) > 0).length;

  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the paper it opened with
  useEffect(() => preloadMarkdown(attempt.questions), []);
  useEffect(() => sessionStorage.setItem(positionKey(attempt.id), String(i)), [attempt.id, i]);
  useEffect(() => {
    if (confirming) dialog.current?.showModal();
  }, [confirming]);

  const toResult = useCallback(
    () => void navigate(`/papers/attempts/${attempt.id}/result`, { replace: true }),
    [attempt.id, navigate],
  );
  // The timer fires every tick once it reaches zero: the paper is submitted once.
  const submitted = useRef(false);
  const finish = useCallback(() => {
    setConfirming(false);
    if (submitted.current) return;
    submitted.current = true;
    submit.mutate(undefined, {
      onSuccess: toResult,
      onError: () => {
        submitted.current = false;
      },
    });
  }, [submit, toResult]);

  /** Ticks or unticks a choice, then saves the question's answer on the server at once. */
  const toggle = useCallback(
    (questionId: number, type: string, choiceId: number) => {
      const mine = answers.get(questionId) ?? [];
      const next =
        type === 'qcs'
          ? [choiceId]
          : mine.includes(choiceId)
            ? mine.filter((c) => c !== choiceId)
            : [...mine, choiceId];
      setAnswers((m) => new Map(m).set(questionId, next));
      saveAnswer(attempt.id, { question: questionId, choices: next }).then(
        () => setError(null),
        (e: unknown) => {
          // The server's clock closed the paper: its result is the place to go.
          if (e instanceof ApiError && e.status === 409) return toResult();
          setError(
            t('save-failed', {
              message: e instanceof ApiError ? e.messages.join(' ') : String(e),
            }),
          );
        },
      );
    },
    [answers, attempt.id, t, toResult],
  );

  const scope = `paper-${attempt.id}`;
  const toolsState = useToolsState(scope);
  const toNextFlagged = useCallback(() => {
    const n = nextFlagged(flaggedPositions(toolsState), i + 1);
    if (n !== null) setI(n - 1);
  }, [i, toolsState]);
  const { attachStem, ...tools } = useExamTools({
    scope,
    questionId: question.id,
    position: i + 1,
    choiceIds: question.choices.map((c) => c.id),
    pausable: false,
    onNextFlagged: toNextFlagged,
  });

  return (
    <section className="page player" aria-labelledby="paper-title">
      <div className="page-head player-head">
        <h1 id="paper-title">
          {attempt.paper.name}
          {attempt.paper.year ? ` (${attempt.paper.year})` : ''}
        </h1>
        <Elapsed label={t('time-left')} deadline={deadline} onExpire={finish} />
      </div>
      <p>
        <span className="paper-tag">
          {t(attempt.is_ranked ? 'ranked-badge' : 'practice-badge')}
        </span>{' '}
        <span data-testid="paper-answered">{t('answered', { count: answered, total })}</span>
      </p>
      <div className="paper-view-toggle" role="group" aria-label={t('navigator')}>
        <Button
          variant={view === 'one' ? 'primary' : 'secondary'}
          aria-pressed={view === 'one'}
          onClick={() => setView('one')}
        >
          {t('one-at-a-time')}
        </Button>
        <Button
          variant={view === 'whole' ? 'primary' : 'secondary'}
          aria-pressed={view === 'whole'}
          onClick={() => setView('whole')}
        >
          {t('whole-paper')}
        </Button>
      </div>
      <FormAlert>{error}</FormAlert>
      {view === 'one' ? (
        <>
          <QuestionNavigator
            label={t('navigator')}
            items={attempt.questions.map((q, k) => ({
              n: k + 1,
              answered: (answers.get(q.id)?.length ?? 0) > 0,
              flagged: toolsState.flags[String(q.id)] !== undefined,
              current: k === i,
            }))}
            onJump={(n) => setI(n - 1)}
          />
          <article
            className="question-card"
            data-question-id={question.id}
            aria-label={t('position', { position: i + 1, total })}
          >
            <p data-testid="paper-position">{t('position', { position: i + 1, total })}</p>
            <ExamToolsBar tools={tools} />
            <div ref={attachStem}>
              <QuestionStem question={question} />
            </div>
            <ChoiceList
              question={question}
              choices={question.choices}
              selected={answers.get(question.id) ?? []}
              onToggle={(c) => toggle(question.id, question.type, c)}
              name={`paper-${question.id}`}
              struck={tools.struck}
              onStrike={tools.strike}
            />
            <div className="player-nav">
              <Button variant="secondary" disabled={i === 0} onClick={() => setI(i - 1)}>
                {t('player.previous', { ns: 'common' })}
              </Button>
              <Button variant="secondary" disabled={i >= total - 1} onClick={() => setI(i + 1)}>
                {t('player.next', { ns: 'common' })}
              </Button>
            </div>
          </article>
        </>
      ) : (
        <div className="paper-whole">
          {attempt.questions.map((q, k) => (
            <article
              key={q.id}
              className="question-card"
              data-question-id={q.id}
              aria-label={t('position', { position: k + 1, total })}
            >
              <p>{t('position', { position: k + 1, total })}</p>
              <QuestionStem question={q} />
              <ChoiceList
                question={q}
                choices={q.choices}
                selected={answers.get(q.id) ?? []}
                onToggle={(c) => toggle(q.id, q.type, c)}
                name={`paper-whole-${q.id}`}
              />
            </article>
          ))}
        </div>
      )}
      <div className="actions">
        <Button onClick={() => setConfirming(true)} loading={submit.isPending}>
          {t('submit')}
        </Button>
      </div>
      <FormAlert>
        {submit.error instanceof ApiError ? submit.error.messages.join(' ') : null}
      </FormAlert>
      {confirming ? (
        <dialog
          ref={dialog}
          className="dialog"
          aria-labelledby="paper-submit-title"
          onClose={() => setConfirming(false)}
        >
          <h2 id="paper-submit-title">{t('submit-title')}</h2>
          <p>
            {answered < total
              ? t('submit-unanswered', { count: total - answered })
              : t('submit-text')}
          </p>
          <div className="actions">
            <Button onClick={finish}>{t('submit')}</Button>
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
          </div>
        </dialog>
      ) : null}
    </section>
  );
}
