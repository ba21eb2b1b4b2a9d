import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { migrationStatusQueryKey } from './get-migration-status.ts';

/** POST /api/ftp/cancel-migration: answers once the worker has stopped the migration. */
export async function cancelMigration(): Promise<void> {
  await apiRequest('/api/ftp/cancel-migration', { method: 'POST', schema: messageResponseSchema });
}

export function useCancelMigration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ftp', 'cancel-migration'],
    mutationFn: cancelMigration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: migrationStatusQueryKey }),
  });
}
