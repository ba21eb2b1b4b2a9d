import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apkQueuedSchema } from '@painel/contract';
import { webappQueryKey } from './get-webapp.ts';
import { messageCall } from './message-call.ts';

/** POST /api/app-multiplataforma/create-apk: queues the build of a signed APK of this app (also listed on the Android page). */
export const createApk = (body: FormData): Promise<string> =>
  messageCall('/api/app-multiplataforma/create-apk', { method: 'POST', body }, apkQueuedSchema);

export function useCreateApk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...webappQueryKey, 'create-apk'],
    mutationFn: createApk,
    // the app now says 'building', and its query polls until the build ends
    onSettled: () => queryClient.invalidateQueries({ queryKey: webappQueryKey, exact: true }),
  });
}
