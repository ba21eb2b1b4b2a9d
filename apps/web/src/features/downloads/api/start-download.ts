import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { StartDownloadInput } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { downloadStatusQueryKey } from './get-download-status.ts';

const schema = z.object({ message: z.string().catch(''), id: z.number() });

/** POST /api/downloadyoutube: queues the download of the link into the folder (best up to 1080p, MP4). */
export async function startDownload(body: StartDownloadInput): Promise<z.infer<typeof schema>> {
  return schema.parse(await apiRequest('/api/downloadyoutube', { method: 'POST', body }));
}

export function useStartDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['downloadyoutube', 'start'],
    mutationFn: startDownload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: downloadStatusQueryKey }),
  });
}
