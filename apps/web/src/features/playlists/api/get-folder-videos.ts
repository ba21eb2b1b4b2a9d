import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { COMPATIBILITY_STATUSES, msg } from '@painel/contract';
import { ApiError, apiRequest } from '@/lib/api-client.ts';

/**
 * The library's videos of one folder as the playlist editor needs them (what decides whether a
 * video may join a playlist). Under the library's ['videos', folderId] prefix, so an upload, a
 * deletion or a sync on the video manager refreshes this list too.
 */
export const folderVideosQueryKey = (folderId: number) => ['videos', folderId, 'playlist-candidates'] as const;

export const playlistVideoSchema = z.object({
  id: z.number(),
  nome: z.string().catch(''),
  /** seconds */
  duracao: z.coerce.number().catch(0),
  /** kbps; 0 when unknown */
  bitrate_video: z.coerce.number().catch(0),
  is_mp4: z.boolean().catch(false),
  compativel: z.enum(['sim', 'otimizado', 'nao']).catch('nao'),
  compatibility_status: z.enum(COMPATIBILITY_STATUSES).catch('other'),
});
export type PlaylistVideo = z.infer<typeof playlistVideoSchema>;

/** Keeps the entries the panel can read, drops the rest. */
export function parseVideos(list: unknown[]): PlaylistVideo[] {
  return list.flatMap((item) => {
    const r = playlistVideoSchema.safeParse(item);
    return r.success ? [r.data] : [];
  });
}

/** GET /api/videos?folder_id=: an answer that is not an array is an error. */
export async function getFolderVideos(folderId: number): Promise<PlaylistVideo[]> {
  const data = await apiRequest(`/api/videos?folder_id=${folderId}`);
  if (!Array.isArray(data)) throw new ApiError(200, msg.videosInvalidResponse);
  return parseVideos(data);
}

export function useFolderVideos(folderId: number | null) {
  return useQuery({
    queryKey: folderVideosQueryKey(folderId ?? 0),
    queryFn: () => getFolderVideos(folderId ?? 0),
    enabled: folderId !== null,
  });
}
