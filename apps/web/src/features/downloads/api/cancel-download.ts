import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { downloadStatusQueryKey } from './get-download-status.ts';

/** POST /api/downloadyoutube/cancel: stops the running download; nothing of it is kept. */
export async function cancelDownload(): Promise<void> {
  await apiRequest('/api/downloadyoutube/cancel', { method: 'POST', schema: messageResponseSchema });
}

export function useCancelDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['downloadyoutube', 'cancel'],
    mutationFn: cancelDownload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: downloadStatusQueryKey }),
  });
}
