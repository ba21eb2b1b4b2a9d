import { useMutation, useQueryClient } from '@tanstack/react-query';
import { syncResultSchema, type SyncResult } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { foldersQueryKey } from '@/lib/folders.ts';
import { videosQueryKey } from './get-videos.ts';

export type SyncSummary = SyncResult;

/**
 * POST /api/folders/{id}/sync: creates the folder's directory on the server if missing and
 * brings the database in line with the files there (e.g. sent by FTP).
 */
export function syncFolder(id: number): Promise<SyncSummary> {
  return apiRequest(`/api/folders/${id}/sync`, { method: 'POST', schema: syncResultSchema });
}

export function useSyncFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncFolder,
    onSuccess: (_, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: foldersQueryKey }),
        queryClient.invalidateQueries({ queryKey: videosQueryKey(id) }),
      ]),
  });
}
