import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadStartedSchema, type StartDownloadInput } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { downloadStatusQueryKey } from './get-download-status.ts';

/** POST /api/downloadyoutube: queues the download of the link into the folder (best up to 1080p, MP4). */
export function startDownload(body: StartDownloadInput) {
  return apiRequest('/api/downloadyoutube', { method: 'POST', body, schema: downloadStartedSchema });
}

export function useStartDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['downloadyoutube', 'start'],
    mutationFn: startDownload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: downloadStatusQueryKey }),
  });
}
