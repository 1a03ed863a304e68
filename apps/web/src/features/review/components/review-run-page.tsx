import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  HelpOverlay,
  StudyQuestion,
  flaggedPositions,
  nextFlagged,
  useToolsState,
} from '../../player';
import { saveRun, useRun } from '../run-store';
import '../review.css';
import '../../../lib/i18n-learning';

/**
 * A review or mistakes run in study mode: the player's question with instant correction; each
 * answer is logged in the run's session, which reschedules the card on the server.
 */
export default function ReviewRunPage() {
  const { t } = useTranslation();
  const run = useRun();
  const queryClient = useQueryClient();
  const [help, setHelp] = useState(false);
  const tools = useToolsState(`session-${run?.session ?? 0}`);
  const done = run !== null && run.current >= run.questions.length;
  const back = run?.back ?? (run?.source === 'mistakes' ? '/mistakes' : '/review');

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
  return (
    <section className="page review" aria-labelledby="run-title">
      <div className="page-head">
        <h1 id="run-title">
          {run.title ??
            (run.source === 'mistakes' ? t('review.run-mistakes') : t('review.run-title'))}
        </h1>
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
          <Link className="btn btn-primary" to={back} onClick={() => saveRun(null)}>
            {run.source === 'playlist'
              ? t('review.back-to-playlist')
              : run.source === 'search'
                ? t('review.back-to-search')
                : run.source === 'mistakes'
                  ? t('review.mistakes-title')
                  : t('review.title')}
          </Link>
        </div>
      ) : (
        <StudyQuestion
          key={question.id}
          question={question}
          sessionId={run.session}
          onNext={() => go(run.current + 1)}
          onPrevious={() => go(run.current - 1)}
          canNext
          canPrevious={run.current > 0}
          onAnswered={() => undefined}
          onHidden={() => go(run.current + 1)}
          onHelp={() => setHelp(true)}
          position={run.current + 1}
          onNextFlagged={() => {
            const n = nextFlagged(flaggedPositions(tools), run.current + 1);
            if (n !== null) go(n - 1);
          }}
        />
      )}
      <HelpOverlay open={help} onClose={() => setHelp(false)} />
    </section>
  );
}
