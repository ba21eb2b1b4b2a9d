import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { WebApp } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { webappQueryKey, webappSchema } from './get-webapp.ts';

const responseSchema = z.object({ message: z.string().catch(''), app: webappSchema.nullable().catch(null) });

/** POST (creates) or PUT (updates) /api/app-multiplataforma: the form as multipart, with the picked images. */
export async function saveWebApp({ body, exists }: { body: FormData; exists: boolean }): Promise<{ message: string; app: WebApp | null }> {
  return responseSchema.parse((await apiRequest('/api/app-multiplataforma', { method: exists ? 'PUT' : 'POST', body })) ?? {});
}

export function useSaveWebApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...webappQueryKey, 'save'],
    mutationFn: saveWebApp,
    onSuccess: (r) => {
      if (r.app) queryClient.setQueryData(webappQueryKey, r.app);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: webappQueryKey, exact: true }),
  });
}
