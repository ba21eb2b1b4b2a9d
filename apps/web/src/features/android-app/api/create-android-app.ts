import { useMutation, useQueryClient } from '@tanstack/react-query';
import { androidAppCreatedSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { androidAppsQueryKey } from './get-android-apps.ts';
import { androidConfigQueryKey } from './get-android-config.ts';

/** POST /api/app-android/create (multipart): saves the configuration and queues the APK's build. */
export async function createAndroidApp(form: FormData): Promise<void> {
  await apiRequest('/api/app-android/create', { method: 'POST', body: form, schema: androidAppCreatedSchema });
}

export function useCreateAndroidApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['android-app', 'create'],
    mutationFn: createAndroidApp,
    onSettled: () => Promise.all([androidAppsQueryKey, androidConfigQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
