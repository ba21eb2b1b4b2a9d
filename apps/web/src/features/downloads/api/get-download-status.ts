import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DOWNLOADS, type DownloadStatus } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const downloadStatusQueryKey = ['downloadyoutube', 'status'] as const;

const schema = z.object({
  downloading: z.boolean().catch(false),
  status: z.string().catch('idle'),
  progress: z.coerce.number().catch(0),
  video_title: z.string().catch(''),
  filename: z.string().catch(''),
  uptime: z.coerce.number().catch(0),
  final_size: z.number().nullable().catch(null),
  error: z.string().nullable().catch(null),
  id: z.number().nullable().catch(null),
  downloaded_bytes: z.number().nullable().catch(null),
  total_bytes: z.number().nullable().catch(null),
});
export type DownloadStatusView = z.infer<typeof schema> & Pick<DownloadStatus, 'downloading'>;

/** GET /api/downloadyoutube/status: the account's current (or last) download. */
export async function getDownloadStatus(): Promise<DownloadStatusView> {
  return schema.parse(await apiRequest('/api/downloadyoutube/status'));
}

/** Read on arrival (a download may be running already) and every 5 s while one is active. */
export function useDownloadStatus(active: boolean) {
  return useQuery({
    queryKey: downloadStatusQueryKey,
    queryFn: getDownloadStatus,
    refetchInterval: active ? DOWNLOADS.pollMs : false,
    refetchOnWindowFocus: active,
  });
}
