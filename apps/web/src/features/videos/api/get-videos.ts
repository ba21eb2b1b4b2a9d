import { useQuery } from '@tanstack/react-query';
import type { Video } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { videoListSchema } from '@/lib/playlist-candidate.ts';

export const videosRootKey = ['videos'] as const;
export const videosQueryKey = (folderId: number) => [...videosRootKey, folderId] as const;

export type VideoItem = Video;

/** GET /api/videos?folder_id= */
export function getVideos(folderId: number): Promise<VideoItem[]> {
  return apiRequest(`/api/videos?folder_id=${folderId}`, { schema: videoListSchema });
}

export function useVideos(folderId: number | null) {
  return useQuery({
    queryKey: videosQueryKey(folderId ?? 0),
    queryFn: () => getVideos(folderId ?? 0),
    enabled: folderId !== null,
  });
}
