import type { Confidence } from '@qbank/contract/confidence-values';
import type { Question } from '@qbank/contract/questions';
import type { SessionQuestion } from '@qbank/contract/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ChoiceList,
  type ChoiceCorrection,
  QuestionStem,
  RichText,
} from '../../../components/question-content';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useSettings } from '../../../lib/settings';
import { isPhoneWidth } from '../../../lib/viewport';
import { notify } from '../../../lib/toast';
import { useAnswerQuestion } from '../api/answer-question';
import { useToggleQuestionMark } from '../api/mark-question';
import { updateCachedQuestion } from '../api/get-questions';
import { QuestionComments } from '../../comments';
import { QuestionTools } from '../../question-tools';
import { choiceIndexForKey, isActivatable, isPlayerKey } from '../lib/keys';
import { getScoringRule } from '../lib/scoring';
import { seededShuffle } from '../lib/shuffle';
import { playAnswerSound } from '../lib/sound';
import { Elapsed } from './elapsed';
import { LockedNotice } from '../../subscriptions';
import { activeNow } from '../lib/pause-clock';
import { ExamToolsBar } from './exam-tools/exam-tools-bar';
import { useExamTools } from './exam-tools/use-exam-tools';
import { ConfidencePicker } from './confidence/confidence-picker';
import { MissClassifier } from './confidence/miss-classifier';
import { PeerStats } from '../../stats';
import { RatingPanel } from './rating-panel';
import { SimilarQuestions } from './similar-questions';
import '../../../lib/i18n-learning';

type Result = {
  choices: number[];
  is_correct: boolean;
  score: number;
  correction: ChoiceCorrection;
  explanation: string;
};

function resultFromQuestion(q: Question): Result | null {
  if (!q.last_answer || !q.correction) return null;
  return {
    choices: q.last_answer.choices,
    is_correct: q.last_answer.is_correct,
    score: q.last_answer.score,
    correction: {
      correct: q.correction.correct_choices,
      explanations: q.correction.choice_explanations,
    },
    explanation: q.correction.explanation,
  };
}

type Props = {
  question: Question;
  sessionId: number;
  onNext: () => void;
  onPrevious: () => void;
  canPrevious: boolean;
  canNext: boolean;
  /** `saved`: the scored answer, for a run that keeps its own record (review runs, tutor blocks). */
  onAnswered: (firstTime: boolean, saved: SessionQuestion) => void;
  onHidden: () => void;
  onHelp: () => void;
  /** 1-based position in the session (kept with a review flag). */
  position: number;
  onNextFlagged: () => void;
  /** A block's own random answer order; undefined: the learner's setting. */
  randomOrder?: boolean;
};

/** One question in study mode: tick, check, correction with score and explanation, then rate. */
export function StudyQuestion({
  question,
  sessionId,
  onNext,
  onPrevious,
  canPrevious,
  canNext,
  onAnswered,
  onHidden,
  onHelp,
  position,
  onNextFlagged,
  randomOrder,
}: Props) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [phone] = useState(isPhoneWidth);
  const [selected, setSelected] = useState<number[]>(() => question.last_answer?.choices ?? []);
  const [result, setResult] = useState<Result | null>(() => resultFromQuestion(question));
  const [confidence, setConfidence] = useState<Confidence | null>(null);
  const [historyId, setHistoryId] = useState<number | null>(null);
  const startedAt = useRef(0);
  useEffect(() => {
    startedAt.current = activeNow();
  }, []);
  const answer = useAnswerQuestion();
  const favorite = useToggleQuestionMark('favorite');
  const hide = useToggleQuestionMark('hide');
  const queryClient = useQueryClient();

  const shuffled = randomOrder ?? settings.randomAnswersOption;
  const choices = useMemo(
    () =>
      shuffled ? seededShuffle(question.choices, `${sessionId}:${question.id}`) : question.choices,
    [question.choices, question.id, sessionId, shuffled],
  );
  const { attachStem, ...tools } = useExamTools({
    scope: `session-${sessionId}`,
    questionId: question.id,
    position,
    choiceIds: choices.map((c) => c.id),
    pausable: true,
    onNextFlagged,
  });

  function toggle(choiceId: number) {
    if (result) return;
    setSelected((current) =>
      question.type === 'qcs'
        ? [choiceId]
        : current.includes(choiceId)
          ? current.filter((id) => id !== choiceId)
          : [...current, choiceId],
    );
  }

  function check() {
    if (result || selected.length === 0 || answer.isPending) return;
    const firstTime = question.last_answer === null;
    answer.mutate(
      {
        session: sessionId,
        question: question.id,
        choices: selected,
        time_spent_ms: Math.round(activeNow() - startedAt.current),
        scoring: getScoringRule(),
        confidence: settings.askConfidence ? confidence : null,
        // The order shown is kept with the answer, so its review shows the same letters.
        choice_order: shuffled ? choices.map((c) => c.id) : null,
      },
      {
        onSuccess: (saved) => {
          setResult({
            choices: saved.choices,
            is_correct: saved.is_correct,
            score: saved.score,
            correction: {
              correct: saved.correct_choices,
              explanations: Object.fromEntries(
                saved.choice_explanations.map((c) => [String(c.id), c.explanation]),
              ),
            },
            explanation: saved.explanation,
          });
          setHistoryId(saved.history_id ?? null);
          if (settings.enableSound) playAnswerSound(saved.is_correct);
          onAnswered(firstTime, saved);
        },
        onError: (error) =>
          notify('error', error instanceof ApiError ? error.message : t('player.answer-failed')),
      },
    );
  }

  function retry() {
    setResult(null);
    setSelected([]);
    setConfidence(null);
    setHistoryId(null);
    startedAt.current = activeNow();
  }

  // Keyboard: A–Z or 1–9 tick, Enter checks (then moves on), arrows move, ? opens the help.
  const handlers = useRef({
    toggle,
    check,
    onNext,
    onPrevious,
    onHelp,
    result,
    choices,
    canNext,
    canPrevious,
  });
  useEffect(() => {
    handlers.current = {
      toggle,
      check,
      onNext,
      onPrevious,
      onHelp,
      result,
      choices,
      canNext,
      canPrevious,
    };
  });
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!isPlayerKey(event)) return;
      const h = handlers.current;
      if (event.key === '?') {
        event.preventDefault();
        h.onHelp();
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        if (h.canNext) h.onNext();
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        if (h.canPrevious) h.onPrevious();
      } else if (event.key === 'Enter') {
        if (isActivatable(event.target)) return;
        event.preventDefault();
        if (h.result) {
          if (h.canNext) h.onNext();
        } else h.check();
      } else if (!h.result) {
        // Once corrected, 1–4 are the rating buttons' (RatingPanel).
        const index = choiceIndexForKey(event.key);
        const choice = index === null ? undefined : h.choices[index];
        if (choice) {
          event.preventDefault();
          h.toggle(choice.id);
        }
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (question.is_locked) {
    return (
      <article className="question-card" data-question-id={question.id}>
        <LockedNotice />
        <div className="player-nav">
          <Button variant="secondary" onClick={onPrevious} disabled={!canPrevious}>
            {t('player.previous')}
          </Button>
          <Button onClick={onNext} disabled={!canNext}>
            {t('player.next')}
          </Button>
        </div>
      </article>
    );
  }

  // On a phone these fold under the choices, so the stem and its choices come first (issue 33).
  const questionTools = (
    <>
      {settings.showTimer ? (
        <Elapsed key={question.id} label={t('player.time-on-question')} />
      ) : null}
      <div className="toolbar-buttons">
        <Button
          variant="secondary"
          className="icon-button"
          aria-pressed={question.is_favorite}
          aria-label={t('player.favorite')}
          title={t('player.favorite')}
          onClick={() => favorite.mutate({ question: question.id, on: !question.is_favorite })}
        >
          <span aria-hidden="true">{question.is_favorite ? '★' : '☆'}</span>
        </Button>
        <Button
          variant="secondary"
          aria-pressed={question.is_hidden}
          onClick={() =>
            hide.mutate(
              { question: question.id, on: !question.is_hidden },
              { onSuccess: (_d, vars) => vars.on && onHidden() },
            )
          }
        >
          {question.is_hidden ? t('player.unhide') : t('player.hide')}
        </Button>
      </div>
    </>
  );

  return (
    <article
      className="question-card"
      data-question-id={question.id}
      aria-labelledby={`q-${question.id}-title`}
    >
      <div className="question-toolbar">
        <h2 id={`q-${question.id}-title`} className="question-type">
          {question.type === 'qcs' ? t('player.type-qcs') : t('player.type-qcm')}
          {question.source ? (
            <span className="question-source"> · {question.source.name}</span>
          ) : null}
        </h2>
        {phone ? null : questionTools}
      </div>
      {phone ? null : <ExamToolsBar tools={tools} />}
      <div ref={attachStem}>
        <QuestionStem question={question} />
      </div>
      <ChoiceList
        question={question}
        choices={choices}
        selected={result ? result.choices : selected}
        onToggle={toggle}
        correction={result?.correction}
        disabled={Boolean(result)}
        name={`question-${question.id}`}
        struck={tools.struck}
        onStrike={tools.strike}
      />
      {settings.askConfidence && !result ? (
        <ConfidencePicker value={confidence} onChange={setConfidence} />
      ) : null}
      {result ? (
        <section
          className={`correction ${result.is_correct ? 'is-right' : 'is-wrong'}`}
          aria-live="polite"
          aria-label={t('player.correction')}
        >
          <p className="verdict">
            <strong>{result.is_correct ? t('player.correct') : t('player.incorrect')}</strong>{' '}
            <span data-testid="question-score">
              {t('player.score', { score: formatScore(result.score) })}
            </span>
          </p>
          {result.explanation ? (
            <RichText text={result.explanation} className="explanation" />
          ) : null}
          {settings.classifyMisses && !result.is_correct && historyId !== null ? (
            <MissClassifier history={historyId} />
          ) : null}
          <RatingPanel questionId={question.id} />
          <PeerStats questionId={question.id} answered shown={choices} />
          {result.is_correct ? null : <SimilarQuestions questionId={question.id} />}
        </section>
      ) : null}
      <div className="player-nav">
        <Button variant="secondary" onClick={onPrevious} disabled={!canPrevious}>
          {t('player.previous')}
        </Button>
        {result ? (
          <Button variant="secondary" onClick={retry}>
            {t('player.answer-again')}
          </Button>
        ) : (
          <Button onClick={check} disabled={selected.length === 0} loading={answer.isPending}>
            {t('player.check')}
          </Button>
        )}
        <Button onClick={onNext} disabled={!canNext} variant={result ? 'primary' : 'secondary'}>
          {t('player.next')}
        </Button>
      </div>
      {phone ? (
        <details className="question-tools-fold">
          <summary>{t('player.question-tools')}</summary>
          <div className="question-toolbar">{questionTools}</div>
          <ExamToolsBar tools={tools} />
        </details>
      ) : null}
      <QuestionTools
        question={question}
        onChange={(change) =>
          updateCachedQuestion(queryClient, question.id, (q) => ({ ...q, ...change }))
        }
      />
      <QuestionComments question={question.id} />
    </article>
  );
}

export function formatScore(score: number): string {
  return String(Math.round(score * 100) / 100);
}
