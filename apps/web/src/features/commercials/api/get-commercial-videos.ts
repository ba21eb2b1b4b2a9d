import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { COMPATIBILITY_STATUSES, msg } from '@painel/contract';
import { ApiError, apiRequest } from '@/lib/api-client.ts';

export const commercialVideosQueryKey = (folderId: number) => ['comerciais', 'pasta', folderId, 'videos'] as const;

const videoSchema = z.object({
  id: z.number(),
  nome: z.string().catch(''),
  /** seconds */
  duracao: z.coerce.number().catch(0),
  bitrate_video: z.coerce.number().catch(0),
  is_mp4: z.boolean().catch(false),
  compativel: z.enum(['sim', 'otimizado', 'nao']).catch('nao'),
  compatibility_status: z.enum(COMPATIBILITY_STATUSES).catch('other'),
});
export type CommercialVideo = z.infer<typeof videoSchema>;

/** GET /api/comerciais/pasta/{folderId}/videos: the videos of a commercials folder. */
export async function getCommercialVideos(folderId: number): Promise<CommercialVideo[]> {
  const data = await apiRequest(`/api/comerciais/pasta/${folderId}/videos`);
  if (!Array.isArray(data)) throw new ApiError(200, msg.videosInvalidResponse);
  return data.flatMap((item) => {
    const r = videoSchema.safeParse(item);
    return r.success ? [r.data] : [];
  });
}

export function useCommercialVideos(folderId: number) {
  return useQuery({ queryKey: commercialVideosQueryKey(folderId), queryFn: () => getCommercialVideos(folderId) });
}
