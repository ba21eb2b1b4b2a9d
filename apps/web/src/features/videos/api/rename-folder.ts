import { useMutation, useQueryClient } from '@tanstack/react-query';
import { folderSavedSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { foldersQueryKey } from '@/lib/folders.ts';
import { videosQueryKey } from './get-videos.ts';

/** PUT /api/folders/{id} {nome} */
export async function renameFolder({ id, nome }: { id: number; nome: string }): Promise<void> {
  await apiRequest(`/api/folders/${id}`, { method: 'PUT', body: { nome }, schema: folderSavedSchema });
}

export function useRenameFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameFolder,
    // the videos' playback addresses carry the folder name
    onSuccess: (_, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: foldersQueryKey }),
        queryClient.invalidateQueries({ queryKey: videosQueryKey(id) }),
      ]),
  });
}
