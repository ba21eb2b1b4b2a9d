import { useMutation, useQueryClient } from '@tanstack/react-query';
import { folderSavedSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { foldersQueryKey } from '@/lib/folders.ts';

/** POST /api/folders {nome}; answers the new folder's id. */
export async function createFolder(nome: string): Promise<{ id: number }> {
  const { id } = await apiRequest('/api/folders', { method: 'POST', body: { nome }, schema: folderSavedSchema });
  return { id };
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foldersQueryKey }),
  });
}
