import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { folderSchema, videoSchema, type Video } from '@painel/contract';
import { useAutoRefresh } from '@/lib/auto-refresh.ts';
import { apiRequest } from '@/lib/api-client.ts';

export const recentVideosQueryKey = ['dashboard', 'recent-videos'] as const;

/** Recent videos limit: 5. */
export const RECENT_VIDEOS_LIMIT = 5;

const foldersSchema = z.array(folderSchema);
const videosSchema = z.array(videoSchema);

export type RecentVideo = Video;
export interface RecentVideos {
  folder: { id: number; nome: string } | null;
  videos: RecentVideo[];
}

/** GET /api/folders, then GET /api/videos?folder_id= of the first folder: its first 5 videos. */
export async function getRecentVideos(): Promise<RecentVideos> {
  const folder = (await apiRequest('/api/folders', { schema: foldersSchema }))[0] ?? null;
  if (!folder) return { folder: null, videos: [] };
  const videos = await apiRequest(`/api/videos?folder_id=${folder.id}`, { schema: videosSchema });
  return { folder, videos: videos.slice(0, RECENT_VIDEOS_LIMIT) };
}

export function useRecentVideos({ enabled }: { enabled: boolean }) {
  const { dashboardMs } = useAutoRefresh();
  return useQuery({
    queryKey: recentVideosQueryKey,
    queryFn: getRecentVideos,
    enabled,
    refetchInterval: dashboardMs,
  });
}
