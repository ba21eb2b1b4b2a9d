import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { FTP_TIMINGS } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const migrationStatusQueryKey = ['ftp', 'migration-status'] as const;

const num = z.number().catch(0);
const schema = z.object({
  id: z.number().nullable().catch(null),
  migrating: z.boolean().catch(false),
  status: z.enum(['idle', 'migrating', 'completed', 'error']).catch('idle'),
  completed: num,
  total: num,
  migrated: num,
  total_size: num,
  transferred_size: num,
  progress: num,
  uptime: num,
  estimated_remaining: z.number().nullable().catch(null),
  errors: z.array(z.string()).catch([]),
  current: z.string().nullable().catch(null),
});
export type MigrationView = z.infer<typeof schema>;

/** GET /api/ftp/migration-status: the account's running (or last) migration. */
export async function getMigrationStatus(): Promise<MigrationView> {
  return schema.parse(await apiRequest('/api/ftp/migration-status'));
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
