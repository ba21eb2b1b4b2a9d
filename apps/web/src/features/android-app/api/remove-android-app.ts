import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { androidAppsQueryKey } from './get-android-apps.ts';

/** DELETE /api/app-android/{id}: the app and its APK (the configuration stays). */
export async function removeAndroidApp(id: number): Promise<void> {
  await apiRequest(`/api/app-android/${id}`, { method: 'DELETE', schema: messageResponseSchema });
}

export function useRemoveAndroidApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['android-app', 'remove'],
    mutationFn: removeAndroidApp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: androidAppsQueryKey }),
  });
}
