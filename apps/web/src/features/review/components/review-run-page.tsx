import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  HelpOverlay,
  PauseDialog,
  QuestionNavigator,
  StudyQuestion,
  flaggedPositions,
  formatScore,
  nextFlagged,
  usePaused,
  useToolsState,
} from '../../player';
import { recordAnswer, runScore, saveRun, useRun, type ReviewRunState } from '../run-store';
import '../review.css';
import '../../../lib/i18n-learning';

function runTitle(run: ReviewRunState, t: (key: string) => string): string {
  if (run.title) return run.title;
  if (run.source === 'mistakes') return t('review.run-mistakes');
  if (run.source === 'block') return t('review.run-block');
  return t('review.run-title');
}

/**
 * A review, mistakes, playlist or tutor run in study mode: the player's question with instant
 * correction and the exam player's tools (pause with its dialog, navigator, flags, strike-outs,
 * highlights); each answer is logged in the run's session, which reschedules the card.
 */
/** The end screen's way back, by where the run came from. */
const BACK_LABEL: Record<ReviewRunState['source'], string> = {
  due: 'review.title',
  mistakes: 'review.mistakes-title',
  playlist: 'review.back-to-playlist',
  search: 'review.back-to-search',
  block: 'review.new-block',
};

export default function ReviewRunPage() {
  const { t } = useTranslation();
  const run = useRun();
  const queryClient = useQueryClient();
  const [help, setHelp] = useState(false);
  const tools = useToolsState(`session-${run?.session ?? 0}`);
  const paused = usePaused();
  const done = run !== null && run.current >= run.questions.length;
  const back =
    run?.back ??
    (run?.source === 'mistakes' ? '/mistakes' : run?.source === 'block' ? '/exam' : '/review');

  useEffect(() => {
    // The queue and the shelf change with every answer: refetch them when the learner goes back.
    if (done) void queryClient.invalidateQueries({ queryKey: ['review'] });
  }, [done, queryClient]);

  if (!run) {
    return (
      <section className="page review" aria-labelledby="run-title">
        <h1 id="run-title">{t('review.run-title')}</h1>
        <div className="empty-state">
          <p>{t('review.run-none')}</p>
          <Link className="btn btn-primary" to="/review">
            {t('review.title')}
          </Link>
        </div>
      </section>
    );
  }

  const go = (to: number) => saveRun({ ...run, current: Math.max(0, to) });
  const question = run.questions[run.current];
  const score = runScore(run);
  return (
    <section className="page review" aria-labelledby="run-title">
      <div className="page-head">
        <h1 id="run-title">{runTitle(run, t)}</h1>
        <p className="review-progress" aria-live="polite">
          {done
            ? t('review.run-finished')
            : t('review.run-position', { n: run.current + 1, total: run.questions.length })}
        </p>
      </div>
      {done || !question ? (
        <div className="empty-state">
          <h2>{t('review.run-done-title')}</h2>
          <p>{t('review.run-done-text', { count: run.questions.length })}</p>
          {run.source === 'block' ? (
            <p className="block-score" data-testid="block-score">
              {t('review.block-score', {
                score: formatScore(score.score),
                total: run.questions.length,
                right: score.right,
              })}
            </p>
          ) : null}
          <Link className="btn btn-primary" to={back} onClick={() => saveRun(null)}>
            {t(BACK_LABEL[run.source])}
          </Link>
        </div>
      ) : (
        // While paused the question is hidden and the clock stands still (the dialog resumes).
        <div hidden={paused}>
          <QuestionNavigator
            label={t('exam-tools.navigator')}
            items={run.questions.map((q, k) => ({
              n: k + 1,
              answered: q.last_answer !== null,
              flagged: tools.flags[String(q.id)] !== undefined,
              current: k === run.current,
            }))}
            onJump={(n) => go(n - 1)}
          />
          <StudyQuestion
            key={question.id}
            question={question}
            sessionId={run.session}
            onNext={() => go(run.current + 1)}
            onPrevious={() => go(run.current - 1)}
            canNext
            canPrevious={run.current > 0}
            onAnswered={(_first, saved) => recordAnswer(saved)}
            onHidden={() => go(run.current + 1)}
            onHelp={() => setHelp(true)}
            position={run.current + 1}
            onNextFlagged={() => {
              const n = nextFlagged(flaggedPositions(tools), run.current + 1);
              if (n !== null) go(n - 1);
            }}
            randomOrder={run.randomOrder}
          />
        </div>
      )}
      <PauseDialog />
      <HelpOverlay open={help} onClose={() => setHelp(false)} />
    </section>
  );
}
