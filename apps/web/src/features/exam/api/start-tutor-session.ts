import type { Session, SessionCreate } from '@qbank/contract/sessions';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

/**
 * POST /api/sessions/ with `{name, question_ids}`: a tutor block studies its questions in a
 * custom session, which logs and corrects each answer at once (as a playlist's study run).
 */
export function startTutorSession(name: string, questionIds: number[]): Promise<Session> {
  return apiRequest<Session>(paths.sessions, {
    method: 'POST',
    body: { name, question_ids: questionIds } satisfies SessionCreate,
  });
}
