import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { COMPATIBILITY_STATUSES, msg } from '@painel/contract';
import { ApiError, apiRequest } from '@/lib/api-client.ts';

export const videosRootKey = ['videos'] as const;
export const videosQueryKey = (folderId: number) => [...videosRootKey, folderId] as const;

const videoSchema = z.object({
  id: z.number(),
  nome: z.string().catch(''),
  url: z.string().nullish().catch(null),
  /** the read grant a <video>, a new tab or a download sends as auth_token */
  content_token: z.string().catch(''),
  formato_original: z.string().nullish().catch(null),
  bitrate_video: z.coerce.number().catch(0),
  bitrate_exceeds_limit: z.boolean().catch(false),
  user_bitrate_limit: z.coerce.number().optional().catch(undefined),
  /** bytes */
  tamanho: z.coerce.number().catch(0),
  /** seconds */
  duracao: z.coerce.number().catch(0),
  // an unknown status is shown as still being checked ('other')
  compatibility_status: z.enum(COMPATIBILITY_STATUSES).catch('other'),
  compatibility_message: z.string().nullish().catch(null),
});
export type VideoItem = z.infer<typeof videoSchema>;

/** GET /api/videos?folder_id=: an answer that is not an array is an error. */
export async function getVideos(folderId: number): Promise<VideoItem[]> {
  const data = await apiRequest(`/api/videos?folder_id=${folderId}`);
  if (!Array.isArray(data)) throw new ApiError(200, msg.videosInvalidResponse);
  return data.flatMap((item) => {
    const r = videoSchema.safeParse(item);
    return r.success ? [r.data] : [];
  });
}

export function useVideos(folderId: number | null) {
  return useQuery({
    queryKey: videosQueryKey(folderId ?? 0),
    queryFn: () => getVideos(folderId ?? 0),
    enabled: folderId !== null,
  });
}
