import { useQuery } from '@tanstack/react-query';
import { recentDownloadsSchema, type RecentDownload } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const recentDownloadsQueryKey = ['downloadyoutube', 'recent'] as const;

/** GET /api/downloadyoutube/recent: the latest downloaded videos still in the library. */
export async function getRecentDownloads(): Promise<RecentDownload[]> {
  return (await apiRequest('/api/downloadyoutube/recent', { schema: recentDownloadsSchema })).downloads;
}

export function useRecentDownloads() {
  return useQuery({ queryKey: recentDownloadsQueryKey, queryFn: getRecentDownloads });
}
