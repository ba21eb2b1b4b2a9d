import { useMutation, useQueryClient } from '@tanstack/react-query';
import { androidConfiguredSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { androidConfigQueryKey } from './get-android-config.ts';

/** PUT /api/app-android/configure (multipart): contacts, colours, start screen, chat, optional new logo and background. */
export async function configureAndroidApp(form: FormData): Promise<void> {
  await apiRequest('/api/app-android/configure', { method: 'PUT', body: form, schema: androidConfiguredSchema });
}

export function useConfigureAndroidApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['android-app', 'configure'],
    mutationFn: configureAndroidApp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: androidConfigQueryKey }),
  });
}
