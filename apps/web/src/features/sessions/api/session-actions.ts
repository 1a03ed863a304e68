import type {
  ClearCourseProgress,
  Cleared,
  ClearModuleProgress,
  Session,
  StartNewSession,
} from '@qbank/contract/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, keys, paths } from '../../../lib/api-paths';

export type SessionAction =
  | { kind: 'start-new'; session: number }
  | { kind: 'clear-session'; session: number }
  | { kind: 'clear-course'; course: number }
  | { kind: 'clear-module'; module: number };

/** The progress resets of the sessions screen, one call each (seed §7 "Sessions"). */
export function runSessionAction(action: SessionAction): Promise<Session | Cleared> {
  switch (action.kind) {
    case 'start-new':
      return apiRequest<Session>(`${paths.sessions}start-new-session/`, {
        method: 'POST',
        body: { session_id: action.session } satisfies StartNewSession,
      });
    case 'clear-session':
      return apiRequest<Session>(itemPath(paths.sessions, action.session, 'clear-questions'), {
        method: 'DELETE',
      });
    case 'clear-course':
      return apiRequest<Cleared>(`${paths.sessions}clear-course-progress/`, {
        method: 'POST',
        body: { course_id: action.course } satisfies ClearCourseProgress,
      });
    case 'clear-module':
      return apiRequest<Cleared>(`${paths.sessions}clear-module-progress/`, {
        method: 'POST',
        body: { module_id: action.module } satisfies ClearModuleProgress,
      });
  }
}

export function useSessionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSessionAction,
    onSettled: () => {
      // Answers changed: resume list, course sessions, question pages and progress counts.
      void queryClient.invalidateQueries({ queryKey: keys.sessions.root });
      void queryClient.invalidateQueries({ queryKey: keys.questions.root });
      void queryClient.invalidateQueries({ queryKey: keys.catalogue.root });
      void queryClient.invalidateQueries({ queryKey: keys.modules });
    },
  });
}
