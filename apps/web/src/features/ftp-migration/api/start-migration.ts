import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { FtpMigrateBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { migrationStatusQueryKey } from './get-migration-status.ts';

const schema = z.object({ message: z.string().catch(''), id: z.number() });

/** POST /api/ftp/migrate: queues the migration of the chosen files into a folder; answers its id. */
export async function startMigration(body: FtpMigrateBody): Promise<z.infer<typeof schema>> {
  return schema.parse(await apiRequest('/api/ftp/migrate', { method: 'POST', body }));
}

export function useStartMigration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ftp', 'migrate'],
    mutationFn: startMigration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: migrationStatusQueryKey }),
  });
}
