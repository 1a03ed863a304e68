import type { StaffSetupRequest, StaffSetupState } from '@qbank/contract/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const PATH = 'staff-setup/';

export const getStaffSetupState = (token: string) =>
  apiRequest<StaffSetupState>(PATH, { query: { token } });

/** Whether the first-staff link still works (right token, no staff account yet). */
export const useStaffSetupState = (token: string) =>
  useQuery({ queryKey: ['staff-setup', token], queryFn: () => getStaffSetupState(token) });

export const setUpStaff = (body: StaffSetupRequest) =>
  apiRequest<{ email: string }>(PATH, { method: 'POST', body });

export const useSetUpStaff = () => useMutation({ mutationFn: setUpStaff });
