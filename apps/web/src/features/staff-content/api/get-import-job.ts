import type { ImportJob } from '@qbank/contract/staff-content';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { itemPath, keys } from '../../../lib/api-paths';
import { staffPaths } from '../../../lib/staff-paths';

export function getImportJob(id: string): Promise<ImportJob> {
  return apiRequest<ImportJob>(itemPath(staffPaths.imports, id));
}

/** Polls a running import every half second until it is done or failed. */
export function useImportJob(id: string | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [...keys.staff.root, 'import', id],
    queryFn: () => getImportJob(id!),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.state !== 'running' ? false : 500),
  });
  const finished = query.data?.state === 'done';
  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: keys.staff.bank });
  }, [finished, client]);
  return query;
}
