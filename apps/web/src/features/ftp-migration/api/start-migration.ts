import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ftpMigrationStartedSchema, type FtpMigrateBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { migrationStatusQueryKey } from './get-migration-status.ts';

/** POST /api/ftp/migrate: queues the migration of the chosen files into a folder; answers its id. */
export function startMigration(body: FtpMigrateBody) {
  return apiRequest('/api/ftp/migrate', { method: 'POST', body, schema: ftpMigrationStartedSchema });
}

export function useStartMigration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ftp', 'migrate'],
    mutationFn: startMigration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: migrationStatusQueryKey }),
  });
}
