import type {
  BlueprintRow,
  MockExam,
  MockExamReport,
  StaffMockExam,
} from '@qbank/contract/mock-exams';
import type { MailListSetting } from '@qbank/contract/mail-lists';
import type {
  PaperResult,
  PaperAttempt,
  PastPaper,
  PaperAnswerInput,
} from '@qbank/contract/papers';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import { itemPath, keys, paths } from '../../../lib/api-paths';

/** GET /api/past_papers/: every past paper with the caller's attempts. */
export const papersQueryOptions = queryOptions({
  queryKey: keys.papers.root,
  queryFn: () => apiRequest<PastPaper[]>(paths.pastPapers),
});

/** GET /api/paper_attempts/{id}/: the sitting as the server has it (time left by its clock). */
export const attemptQueryOptions = (id: number) =>
  queryOptions({
    queryKey: keys.papers.attempt(id),
    queryFn: () => apiRequest<PaperAttempt>(itemPath(paths.paperAttempts, id)),
    // The server's copy is the truth: never refetched behind the learner's back mid-sitting.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** GET /api/paper_attempts/{id}/result/ */
export const resultQueryOptions = (id: number) =>
  queryOptions({
    queryKey: keys.papers.result(id),
    queryFn: () => apiRequest<PaperResult>(itemPath(paths.paperAttempts, id, 'result')),
  });

/** POST /api/past_papers/{id}/attempts/: starts a sitting or resumes the one under way. */
export function useStartPaper() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paperId: number) =>
      apiRequest<PaperAttempt>(itemPath(paths.pastPapers, paperId, 'attempts'), {
        method: 'POST',
      }),
    onSuccess: (attempt) => {
      client.setQueryData(keys.papers.attempt(attempt.id), attempt);
      void client.invalidateQueries({ queryKey: keys.papers.root, exact: true });
    },
  });
}

/** PUT /api/paper_attempts/{id}/answers/: saves one answer at once (a reload keeps it). */
export const saveAnswer = (attemptId: number, body: PaperAnswerInput) =>
  apiRequest<{ question: number; choices: number[]; seconds_left: number }>(
    itemPath(paths.paperAttempts, attemptId, 'answers'),
    { method: 'PUT', body },
  );

/** POST /api/paper_attempts/{id}/submit/ */
export function useSubmitPaper(attemptId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<PaperAttempt>(itemPath(paths.paperAttempts, attemptId, 'submit'), {
        method: 'POST',
      }),
    onSuccess: (attempt) => {
      client.setQueryData(keys.papers.attempt(attemptId), attempt);
      void client.invalidateQueries({ queryKey: keys.papers.root, exact: true });
      void client.invalidateQueries({ queryKey: keys.papers.result(attemptId) });
      void client.invalidateQueries({ queryKey: keys.history });
    },
  });
}

/** GET /api/mock_exams/: the mock exams open to the caller. */
export const mocksQueryOptions = queryOptions({
  queryKey: keys.papers.mocks,
  queryFn: () => apiRequest<MockExam[]>(paths.mockExams),
});

/** POST /api/mock_exams/{id}/attempts/: the caller's one sitting (started or resumed). */
export function useStartMock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<PaperAttempt>(itemPath(paths.mockExams, id, 'attempts'), { method: 'POST' }),
    onSuccess: (attempt) => {
      client.setQueryData(keys.papers.attempt(attempt.id), attempt);
      void client.invalidateQueries({ queryKey: keys.papers.mocks });
    },
  });
}

/** GET /api/mail_lists/: the caller's opt-in mails (all off until they opt in). */
export const mailListsQueryOptions = queryOptions({
  queryKey: keys.papers.mailLists,
  queryFn: () => apiRequest<MailListSetting[]>(paths.mailLists),
});

/** PUT /api/mail_lists/{list}/: opts in or out of one list. */
export function useSetMailList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ list, subscribed }: MailListSetting) =>
      apiRequest<MailListSetting>(`${paths.mailLists}${list}/`, {
        method: 'PUT',
        body: { subscribed },
      }),
    onSuccess: (saved) =>
      client.setQueryData<MailListSetting[]>(keys.papers.mailLists, (lists) =>
        lists?.map((l) => (l.list === saved.list ? saved : l)),
      ),
  });
}

const staffMocks = `${paths.staff}mock_exams/`;

/** GET /api/staff/mock_exams/ */
export const staffMocksQueryOptions = queryOptions({
  queryKey: keys.papers.staffMocks,
  queryFn: () => apiRequest<StaffMockExam[]>(staffMocks),
});

/** POST /api/staff/mock_exams/ */
export function useCreateMock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: object) => apiRequest<StaffMockExam>(staffMocks, { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.papers.staffMocks }),
  });
}

/** POST /api/staff/mock_exams/eligible/: the live count per blueprint row. */
export const eligibleCounts = (blueprint: BlueprintRow[]) =>
  apiRequest<{ rows: { eligible: number; count: number }[] }>(`${staffMocks}eligible/`, {
    method: 'POST',
    body: { blueprint },
  });

/** GET /api/staff/mock_exams/{id}/report/ */
export const reportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...keys.papers.staffMocks, 'report', id],
    queryFn: () => apiRequest<MockExamReport>(itemPath(staffMocks, id, 'report')),
  });

/** GET /api/staff/mock_exams/{id}/results.csv: fetched with the token, then saved. */
export async function downloadResults(id: number): Promise<void> {
  const token = getToken();
  const response = await fetch(`${API_BASE}${staffMocks}${id}/results.csv`, {
    headers: token ? { Authorization: `Token ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `mock-exam-${id}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
