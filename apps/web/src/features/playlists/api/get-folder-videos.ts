import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { videoListSchema, type CandidateVideo } from '@/lib/playlist-candidate.ts';

/**
 * The library's videos of one folder as the playlist editor needs them (what decides whether a
 * video may join a playlist). Under the library's ['videos', folderId] prefix, so an upload, a
 * deletion or a sync on the video manager refreshes this list too.
 */
export const folderVideosQueryKey = (folderId: number) => ['videos', folderId, 'playlist-candidates'] as const;

export type PlaylistVideo = CandidateVideo;

/** GET /api/videos?folder_id= */
export function getFolderVideos(folderId: number): Promise<PlaylistVideo[]> {
  return apiRequest(`/api/videos?folder_id=${folderId}`, { schema: videoListSchema });
}

export function useFolderVideos(folderId: number | null) {
  return useQuery({
    queryKey: folderVideosQueryKey(folderId ?? 0),
    queryFn: () => getFolderVideos(folderId ?? 0),
    enabled: folderId !== null,
  });
}
