import { useQuery } from '@tanstack/react-query';
import { DOWNLOADS, downloadStatusSchema, type DownloadStatus } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const downloadStatusQueryKey = ['downloadyoutube', 'status'] as const;

export type DownloadStatusView = DownloadStatus;

/** GET /api/downloadyoutube/status: the account's current (or last) download. */
export function getDownloadStatus(): Promise<DownloadStatusView> {
  return apiRequest('/api/downloadyoutube/status', { schema: downloadStatusSchema });
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
