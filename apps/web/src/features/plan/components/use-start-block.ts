import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { startStudyRun } from '../../review';
import { startPlanBlock } from '../api/plan';
import '../i18n';

/** Starts a study run over the plan's unanswered questions (what is left of today's quota). */
export function useStartBlock() {
  const { t } = useTranslation('plan');
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);

  async function start() {
    setStarting(true);
    try {
      const run = await startPlanBlock();
      if (run.session === null || run.questions.length === 0) {
        notify('info', t('nothing-new'));
        return;
      }
      startStudyRun(run.questions, run.session, {
        source: 'block',
        title: t('block-title'),
        back: '/plan',
      });
      void navigate('/review/run');
    } catch (error) {
      notify('error', error instanceof ApiError ? error.message : t('start-failed'));
    } finally {
      setStarting(false);
    }
  }

  return { start, starting };
}
