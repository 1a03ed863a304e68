import type {
  AuditEntry,
  CommentRemove,
  ReportGroup,
  StaffComment,
  StaffUser,
  StaffUserDetail,
  StaffUserUpdate,
} from '@qbank/contract/backoffice';
import type { Module } from '@qbank/contract/catalogue';
import type { Paginated } from '@qbank/contract/common';
import type { CommentReply, StaffReport, StaffReportUpdate } from '@qbank/contract/discussion';
import type { Plan, PlanCreate, PlanUpdate, StaffPurchase } from '@qbank/contract/subscriptions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getModules } from '../../../lib/catalogue-lists';
import { itemPath, keys, paths } from '../../../lib/api-paths';
import { staffPaths } from '../../../lib/staff-paths';

/**
 * The back office's API calls, one hook each. Queries sit under the ['staff', resource] keys;
 * every mutation invalidates its resource and the audit log it writes to.
 */
type Query = Record<string, string | number | boolean | undefined>;
export const PAGE_SIZE = 20;

function useStaffList<T>(resource: string, path: string, query: Query) {
  return useQuery({
    queryKey: [...keys.staff.root, resource, query],
    queryFn: () => apiRequest<Paginated<T>>(path, { query: { page_size: PAGE_SIZE, ...query } }),
    placeholderData: keepPreviousData,
  });
}

function useStaffMutation<V, R = unknown>(resource: string, fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [...keys.staff.root, resource] });
      void client.invalidateQueries({ queryKey: keys.staff.audit });
    },
  });
}

// ---------------------------------------------------------------- purchases

export const usePurchases = (query: Query) =>
  useStaffList<StaffPurchase>('purchases', staffPaths.purchases, query);

export const useDecidePurchase = () =>
  useStaffMutation(
    'purchases',
    (v: { id: number; decision: 'approve' | 'reject'; staff_note: string }) =>
      apiRequest<StaffPurchase>(itemPath(staffPaths.purchases, v.id, v.decision), {
        method: 'POST',
        body: v.decision === 'approve' && !v.staff_note ? {} : { staff_note: v.staff_note },
      }),
  );

// ---------------------------------------------------------------- plans

export function usePlans() {
  return useQuery({
    queryKey: [...keys.staff.root, 'plans'],
    queryFn: () => apiRequest<Plan[]>(staffPaths.plans),
  });
}

export type ModuleOption = Pick<Module, 'id' | 'name'>;
export function useModuleOptions() {
  return useQuery({
    queryKey: [...keys.staff.root, 'module-options'],
    queryFn: (): Promise<ModuleOption[]> => getModules(),
    staleTime: 60_000,
  });
}

export const useSavePlan = () =>
  useStaffMutation('plans', (v: { id?: number; data: PlanCreate | PlanUpdate }) =>
    v.id
      ? apiRequest<Plan>(itemPath(staffPaths.plans, v.id), { method: 'PATCH', body: v.data })
      : apiRequest<Plan>(staffPaths.plans, { method: 'POST', body: v.data }),
  );

// ---------------------------------------------------------------- reports

export const useReportGroups = (query: Query) =>
  useStaffList<ReportGroup>('reports', `${staffPaths.reports}by-question/`, query);

export const useQuestionReports = (question: number, status: string) =>
  useStaffList<StaffReport>('reports', staffPaths.reports, {
    question,
    status,
    page_size: 100,
  });

export const useAnswerReport = () =>
  useStaffMutation('reports', (v: { id: number } & StaffReportUpdate) =>
    apiRequest<StaffReport>(itemPath(staffPaths.reports, v.id), {
      method: 'PATCH',
      body: { status: v.status, staff_answer: v.staff_answer },
    }),
  );

// ---------------------------------------------------------------- comments

export const useStaffComments = (query: Query) =>
  useStaffList<StaffComment>('comments', staffPaths.comments, query);

export function useReplies(comment: number, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.staff.root, 'comments', 'replies', comment],
    queryFn: () =>
      apiRequest<Paginated<CommentReply>>(paths.commentReplies, {
        query: { comment, page_size: 100 },
      }),
    enabled,
  });
}

export const useRemoveComment = () =>
  useStaffMutation('comments', (v: { kind: 'comments' | 'replies'; id: number; reason: string }) =>
    apiRequest(itemPath(`${paths.staff}${v.kind}/`, v.id, 'remove'), {
      method: 'POST',
      body: { reason: v.reason } satisfies CommentRemove,
    }),
  );

// ---------------------------------------------------------------- users

export const useUsers = (query: Query) => useStaffList<StaffUser>('users', staffPaths.users, query);

export function useUser(id: number) {
  return useQuery({
    queryKey: [...keys.staff.root, 'users', 'detail', id],
    queryFn: () => apiRequest<StaffUserDetail>(itemPath(staffPaths.users, id)),
  });
}

export const useUpdateUser = () =>
  useStaffMutation('users', (v: { id: number } & StaffUserUpdate) =>
    apiRequest<StaffUserDetail>(itemPath(staffPaths.users, v.id), {
      method: 'PATCH',
      body: { is_staff: v.is_staff, is_active: v.is_active },
    }),
  );

// ---------------------------------------------------------------- audit

export const useAudit = (query: Query) =>
  useStaffList<AuditEntry>('audit', staffPaths.audit, query);
