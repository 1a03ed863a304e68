import type { StaffModule } from '@qbank/contract/staff-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

export const staffCatalogueKey = ['staff', 'catalogue'] as const;

export function getStaffCatalogue(): Promise<StaffModule[]> {
  return apiRequest<StaffModule[]>(`${paths.staff}catalogue/`);
}

export const staffCatalogueQueryOptions = () =>
  queryOptions({ queryKey: staffCatalogueKey, queryFn: getStaffCatalogue });

export function useStaffCatalogue() {
  return useQuery(staffCatalogueQueryOptions());
}
