import type { Confidence } from '@qbank/contract/confidence-values';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { useSettings } from '../../../lib/settings';
import { ChoiceList, QuestionStem, preloadMarkdown } from '../../../components/question-content';
import {
  ConfidencePicker,
  Elapsed,
  ExamToolsBar,
  HelpOverlay,
  PauseDialog,
  QuestionNavigator,
  activeNow,
  flaggedPositions,
  nextFlagged,
  useExamTools,
  usePaused,
  useToolsState,
  choiceIndexForKey,
  getScoringRule,
  isActivatable,
  isPlayerKey,
} from '../../player';
import { submitExam } from '../api/submit-answer';
import { getExam, shownChoices, shownOrder, updateExam, type Exam } from '../exam-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../lib/i18n-learning';

/** One question at a time, no correction; the answers are sent together at the end. */
export function ExamRunner({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  useDocumentTitle(t('exam.run-title'));
  const settings = useSettings();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  const paused = usePaused();
  const dialog = useRef<HTMLDialogElement>(null);
  const shownAt = useRef(0);
  const i = exam.current;
  const question = exam.questions[i]!;
  const total = exam.questions.length;
  const answeredCount = exam.responses_exam.filter((r) => r.length > 0).length;

  useEffect(() => {
    preloadMarkdown(exam.questions);
    shownAt.current = activeNow();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the questions it opened with
  }, []);
  useEffect(() => {
    if (confirming) dialog.current?.showModal();
  }, [confirming]);

  const choices = useMemo(
    () => shownChoices(exam, question, settings.randomAnswersOption),
    [exam, question, settings.randomAnswersOption],
  );

  /** Adds the time spent on the shown question, then moves. */
  const go = useCallback((to: number) => {
    const spent = Math.round(activeNow() - shownAt.current);
    shownAt.current = activeNow();
    updateExam((e) => ({
      ...e,
      time_spent_ms: e.time_spent_ms.map((ms, k) => (k === e.current ? ms + spent : ms)),
      current: Math.max(0, Math.min(e.questions.length - 1, to)),
    }));
  }, []);

  const toggle = useCallback((choiceId: number) => {
    updateExam((e) => {
      const q = e.questions[e.current]!;
      const mine = e.responses_exam[e.current] ?? [];
      const next =
        q.type === 'qcs'
          ? [choiceId]
          : mine.includes(choiceId)
            ? mine.filter((c) => c !== choiceId)
            : [...mine, choiceId];
      return { ...e, responses_exam: e.responses_exam.map((r, k) => (k === e.current ? next : r)) };
    });
  }, []);

  const randomSetting = settings.randomAnswersOption;
  const finish = useCallback(async () => {
    setConfirming(false);
    setError(null);
    const spent = Math.round(activeNow() - shownAt.current);
    shownAt.current = activeNow();
    updateExam((e) => ({
      ...e,
      time_spent_ms: e.time_spent_ms.map((ms, k) => (k === e.current ? ms + spent : ms)),
    }));
    setSending(0);
    try {
      const scoring = getScoringRule();
      const snapshot = getExam();
      if (!snapshot) return;
      const results = await submitExam(
        snapshot.questions.map((q, k) => ({
          question: q.id,
          choices: snapshot.responses_exam[k] ?? [],
          time_spent_ms: Math.min(86_400_000, snapshot.time_spent_ms[k] ?? 0),
          scoring,
          confidence: snapshot.confidence?.[k] ?? null,
          counted: snapshot.counted !== false,
          // The review shows the choices as they were shown here (decision 050).
          choice_order: shownOrder(snapshot, q, randomSetting),
        })),
        setSending,
      );
      updateExam((e) => ({ ...e, results, finishedAt: Date.now() }));
    } catch (e) {
      setError(
        e instanceof ApiError && e.messages.length ? e.messages.join(' ') : t('exam.submit-failed'),
      );
    } finally {
      setSending(null);
    }
  }, [randomSetting, t]);

  const expire = useCallback(() => {
    if (sending === null && !error) void finish();
  }, [error, finish, sending]);

  const scope = `exam-${exam.id}`;
  const toolsState = useToolsState(scope);
  const toNextFlagged = useCallback(() => {
    const n = nextFlagged(flaggedPositions(toolsState), i + 1);
    if (n !== null) go(n - 1);
  }, [go, i, toolsState]);
  const { attachStem, ...tools } = useExamTools({
    scope,
    questionId: question.id,
    position: i + 1,
    choiceIds: choices.map((c) => c.id),
    // A timed exam keeps running: only untimed exams pause.
    pausable: exam.deadline === null,
    onNextFlagged: toNextFlagged,
  });
  const setConfidence = useCallback(
    (value: Confidence | null) =>
      updateExam((e) => ({
        ...e,
        confidence: e.questions.map((_, k) =>
          k === e.current ? value : (e.confidence?.[k] ?? null),
        ),
      })),
    [],
  );

  const keys = useRef({ toggle, go, choices, i, total });
  useEffect(() => {
    keys.current = { toggle, go, choices, i, total };
  });
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!isPlayerKey(event)) return;
      const k = keys.current;
      if (event.key === '?') {
        event.preventDefault();
        setHelp(true);
      } else if (event.key === 'ArrowRight' && k.i < k.total - 1) {
        event.preventDefault();
        k.go(k.i + 1);
      } else if (event.key === 'ArrowLeft' && k.i > 0) {
        event.preventDefault();
        k.go(k.i - 1);
      } else if (event.key === 'Enter' && !isActivatable(event.target) && k.i < k.total - 1) {
        event.preventDefault();
        k.go(k.i + 1);
      } else {
        const index = choiceIndexForKey(event.key);
        const choice = index === null ? undefined : k.choices[index];
        if (choice) {
          event.preventDefault();
          k.toggle(choice.id);
        }
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section className="page player" aria-labelledby="exam-run-title">
      <div className="page-head player-head">
        <h1 id="exam-run-title">{t('exam.run-title')}</h1>
        {exam.deadline !== null ? (
          <Elapsed label={t('exam.time-left')} deadline={exam.deadline} onExpire={expire} />
        ) : settings.showTimer ? (
          <Elapsed label={t('exam.time-spent')} />
        ) : null}
      </div>
      <p>
        <span data-testid="exam-position">{t('exam.position', { position: i + 1, total })}</span> ·{' '}
        {t('exam.answered', { count: answeredCount, total })}
      </p>
      <progress
        className="exam-progress"
        max={total}
        value={answeredCount}
        aria-label={t('exam.progress-label')}
      />
      <div hidden={paused}>
        <QuestionNavigator
          label={t('exam.navigator')}
          items={exam.questions.map((q, k) => ({
            n: k + 1,
            answered: (exam.responses_exam[k]?.length ?? 0) > 0,
            flagged: toolsState.flags[String(q.id)] !== undefined,
            current: k === i,
          }))}
          onJump={(n) => go(n - 1)}
        />
        <article
          className="question-card"
          data-question-id={question.id}
          aria-label={t('exam.position', { position: i + 1, total })}
        >
          <ExamToolsBar tools={tools} />
          <div ref={attachStem}>
            <QuestionStem question={question} />
          </div>
          <ChoiceList
            question={question}
            choices={choices}
            selected={exam.responses_exam[i] ?? []}
            onToggle={toggle}
            name={`exam-${question.id}`}
            struck={tools.struck}
            onStrike={tools.strike}
          />
          {settings.askConfidence ? (
            <ConfidencePicker value={exam.confidence?.[i] ?? null} onChange={setConfidence} />
          ) : null}
          <div className="player-nav">
            <Button variant="secondary" disabled={i === 0} onClick={() => go(i - 1)}>
              {t('player.previous')}
            </Button>
            <Button variant="secondary" disabled={i >= total - 1} onClick={() => go(i + 1)}>
              {t('player.next')}
            </Button>
            <Button onClick={() => setConfirming(true)} loading={sending !== null}>
              {t('exam.finish')}
            </Button>
            <Button variant="secondary" onClick={() => setHelp(true)} aria-keyshortcuts="?">
              {t('player.shortcuts')}
            </Button>
          </div>
        </article>
      </div>
      <PauseDialog />
      <HelpOverlay open={help} onClose={() => setHelp(false)} />
      {sending !== null ? (
        <p role="status" className="alert alert-info">
          {t('exam.sending', { done: sending, total })}
        </p>
      ) : null}
      <FormAlert>{error}</FormAlert>
      {confirming ? (
        <dialog
          ref={dialog}
          className="dialog"
          aria-labelledby="finish-title"
          onClose={() => setConfirming(false)}
        >
          <h2 id="finish-title">{t('exam.finish-title')}</h2>
          <p>
            {answeredCount < total
              ? t('exam.finish-unanswered', { count: total - answeredCount })
              : t('exam.finish-text')}
          </p>
          <div className="actions">
            <Button onClick={() => void finish()}>{t('exam.finish')}</Button>
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              {t('actions.cancel')}
            </Button>
          </div>
        </dialog>
      ) : null}
    </section>
  );
}
