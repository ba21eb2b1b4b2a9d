import { useMutation, useQueryClient } from '@tanstack/react-query';
import { syncResultSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { foldersQueryKey } from '@/lib/folders.ts';
import { videosRootKey } from './get-videos.ts';
import type { SyncSummary } from './sync-folder.ts';

/** POST /api/videos-ssh/sync-database {folderId}; without a folder every folder of the account. */
export function syncDatabase(folderId: number | null): Promise<SyncSummary> {
  return apiRequest('/api/videos-ssh/sync-database', { method: 'POST', body: { folderId }, schema: syncResultSchema });
}

export function useSyncDatabase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncDatabase,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: foldersQueryKey }),
        queryClient.invalidateQueries({ queryKey: videosRootKey }),
      ]),
  });
}
