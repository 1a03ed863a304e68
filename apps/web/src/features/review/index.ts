/**
 * The review feature's public face: another feature starts a study run (the player with instant
 * correction, answers logged in a session) over questions it chose, then sends the learner to
 * /review/run.
 */
import type { Question } from '@qbank/contract/questions';
import { saveRun } from './run-store';

export function startStudyRun(
  questions: Question[],
  session: number,
  named: {
    source: 'playlist' | 'search' | 'block';
    title: string;
    back: string;
    randomOrder?: boolean;
  },
): void {
  saveRun({ ...named, session, questions, current: 0 });
}
