import type { Session, SessionCreate } from '@qbank/contract/sessions';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

/** POST /api/sessions/ with `{name, question_ids}`: a new custom set to study, in this order. */
export function startCustomSession(name: string, questionIds: number[]): Promise<Session> {
  return apiRequest<Session>(paths.sessions, {
    method: 'POST',
    body: { name, question_ids: questionIds } satisfies SessionCreate,
  });
}
