import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { folderInfoQueryKey } from './get-folder-info.ts';
import { foldersQueryKey } from '@/lib/folders.ts';
import { videosQueryKey } from './get-videos.ts';

/** DELETE /api/folders/{id}: the folder and its videos. */
export async function deleteFolder(id: number): Promise<void> {
  await apiRequest(`/api/folders/${id}`, { method: 'DELETE', schema: messageResponseSchema });
}

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: videosQueryKey(id) });
      queryClient.removeQueries({ queryKey: folderInfoQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: foldersQueryKey });
    },
  });
}
