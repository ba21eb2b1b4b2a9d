import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webAppSavedSchema, type WebApp } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { webappQueryKey } from './get-webapp.ts';

/** POST (creates) or PUT (updates) /api/app-multiplataforma: the form as multipart, with the picked images. */
export function saveWebApp({ body, exists }: { body: FormData; exists: boolean }): Promise<{ message: string; app: WebApp }> {
  return apiRequest('/api/app-multiplataforma', { method: exists ? 'PUT' : 'POST', body, schema: webAppSavedSchema });
}

export function useSaveWebApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...webappQueryKey, 'save'],
    mutationFn: saveWebApp,
    onSuccess: (r) => {
      queryClient.setQueryData(webappQueryKey, r.app);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: webappQueryKey, exact: true }),
  });
}
