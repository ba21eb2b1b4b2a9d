import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { foldersQueryKey } from '@/lib/folders.ts';
import { videosQueryKey } from './get-videos.ts';

/** DELETE /api/videos/{id}?folder_id= */
export async function deleteVideo({ id, folderId }: { id: number; folderId: number }): Promise<void> {
  await apiRequest(`/api/videos/${id}?folder_id=${folderId}`, { method: 'DELETE', schema: messageResponseSchema });
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_, { folderId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videosQueryKey(folderId) }),
        queryClient.invalidateQueries({ queryKey: foldersQueryKey }),
      ]),
  });
}
