import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { foldersQueryKey } from '@/lib/folders.ts';

const createResponse = z.object({ id: z.number() }).partial();

/** POST /api/folders {nome}; answers the new folder's id. */
export async function createFolder(nome: string): Promise<{ id: number | undefined }> {
  const r = createResponse.safeParse(await apiRequest('/api/folders', { method: 'POST', body: { nome } }));
  return { id: r.success ? r.data.id : undefined };
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foldersQueryKey }),
  });
}
