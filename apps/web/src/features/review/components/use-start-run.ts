import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { newExamId, startExam } from '../../exam';
import { startRun, type RunRequest } from '../api/start-run';
import { saveRun } from '../run-store';
import '../../../lib/i18n-learning';

/** Minutes a question gets when the shelf runs as a timed exam (as playlists do). */
const EXAM_MINUTES_PER_QUESTION = 1.5;

/** Starts a study run (the player, instant correction) or a timed exam over due cards or mistakes. */
export function useStartRun() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [starting, setStarting] = useState<RunRequest['mode'] | null>(null);

  async function start(request: RunRequest) {
    setStarting(request.mode);
    try {
      const run = await startRun(request);
      if (run.questions.length === 0) {
        notify('info', t('review.nothing-to-run'));
        return;
      }
      if (request.mode === 'exam') {
        const minutes = Math.ceil(run.questions.length * EXAM_MINUTES_PER_QUESTION);
        startExam(newExamId(), run.questions, minutes);
        void navigate('/exam/run');
        return;
      }
      saveRun({
        source: request.source,
        session: run.session!,
        questions: run.questions,
        current: 0,
      });
      void navigate('/review/run');
    } catch (error) {
      notify('error', error instanceof ApiError ? error.message : t('review.start-failed'));
    } finally {
      setStarting(null);
    }
  }

  return { start, starting };
}
