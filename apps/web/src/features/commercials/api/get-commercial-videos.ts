import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { videoListSchema, type CandidateVideo } from '@/lib/playlist-candidate.ts';

export const commercialVideosQueryKey = (folderId: number) => ['comerciais', 'pasta', folderId, 'videos'] as const;

/** GET /api/comerciais/pasta/{folderId}/videos: the videos of a commercials folder. */
export function getCommercialVideos(folderId: number): Promise<CandidateVideo[]> {
  return apiRequest(`/api/comerciais/pasta/${folderId}/videos`, { schema: videoListSchema });
}

export function useCommercialVideos(folderId: number) {
  return useQuery({ queryKey: commercialVideosQueryKey(folderId), queryFn: () => getCommercialVideos(folderId) });
}
