import { useQuery } from '@tanstack/react-query';
import { FTP_TIMINGS, migrationStatusSchema, type MigrationStatus } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const migrationStatusQueryKey = ['ftp', 'migration-status'] as const;

export type MigrationView = MigrationStatus;

/** GET /api/ftp/migration-status: the account's running (or last) migration. */
export function getMigrationStatus(): Promise<MigrationView> {
  return apiRequest('/api/ftp/migration-status', { schema: migrationStatusSchema });
}

/** Read on arrival (a migration may be running already) and every 5 s while one runs. */
export function useMigrationStatus(active: boolean) {
  return useQuery({
    queryKey: migrationStatusQueryKey,
    queryFn: getMigrationStatus,
    refetchInterval: active ? FTP_TIMINGS.migrationPollMs : false,
    refetchOnWindowFocus: active,
  });
}
