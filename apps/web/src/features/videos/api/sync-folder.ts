import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { foldersQueryKey } from '@/lib/folders.ts';
import { videosQueryKey } from './get-videos.ts';

const syncResponse = z.object({
  videos_count: z.coerce.number().catch(0),
  added: z.coerce.number().catch(0),
  removed: z.coerce.number().catch(0),
  message: z.string().optional().catch(undefined),
});
export type SyncSummary = z.infer<typeof syncResponse>;

export function parseSync(data: unknown): SyncSummary {
  return syncResponse.parse(typeof data === 'object' && data !== null ? data : {});
}

/**
 * POST /api/folders/{id}/sync: creates the folder's directory on the server if missing and
 * brings the database in line with the files there (e.g. sent by FTP).
 */
export async function syncFolder(id: number): Promise<SyncSummary> {
  return parseSync(await apiRequest(`/api/folders/${id}/sync`, { method: 'POST' }));
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
