import type { BackupStatus } from '@qbank/contract/backups';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keys } from '../../../lib/api-paths';
import { staffPaths } from '../../../lib/staff-paths';

/** The last backup and whether it needs attention (issue 37). */
export const getBackupStatus = () => apiRequest<BackupStatus>(staffPaths.backups);

const backupKey = [...keys.staff.root, 'backups'] as const;

export const backupStatusQueryOptions = () =>
  queryOptions({ queryKey: backupKey, queryFn: getBackupStatus, staleTime: 60_000 });

export const useBackupStatus = () => useQuery(backupStatusQueryOptions());

/** "Back up now": the server answers the new status once the backup has finished. */
export function useBackUpNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<BackupStatus>(staffPaths.backups, { method: 'POST' }),
    onSuccess: (status) => client.setQueryData(backupKey, status),
    onSettled: () => void client.invalidateQueries({ queryKey: backupKey }),
  });
}
