import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { msg } from '@painel/contract';
import { ApiError, apiRequest } from '@/lib/api-client.ts';
import { conversionStatusSchema } from './get-conversion-status.ts';
import { qualitySchema } from './get-conversion-qualities.ts';

export const conversionVideosKey = (folderId: number) => ['conversion', 'videos', folderId] as const;

/** A quality as this video is offered it: one above its own bitrate is not available (it would only make the file bigger). */
const offerSchema = qualitySchema.extend({
  reason: z.string().nullish().catch(null),
  min_bitrate: z.coerce.number().catch(0),
});
export type ConversionOfferItem = z.infer<typeof offerSchema>;

const videoSchema = z.object({
  id: z.number(),
  nome: z.string().catch(''),
  /** playback address with its read grant */
  url: z.string().catch(''),
  formato_original: z.string().catch(''),
  is_mp4: z.boolean().catch(false),
  current_bitrate: z.coerce.number().catch(0),
  largura: z.coerce.number().catch(0),
  altura: z.coerce.number().catch(0),
  /** bytes */
  tamanho: z.coerce.number().catch(0),
  /** seconds */
  duracao: z.coerce.number().catch(0),
  compatibility_status: z.enum(['compatible', 'other']).catch('other'),
  compatibility_message: z.string().nullish().catch(null),
  can_use_current: z.boolean().catch(false),
  needs_conversion: z.boolean().catch(true),
  compativel: z.enum(['sim', 'otimizado', 'nao']).catch('nao'),
  /** Empty when the server did not say: the dialog falls back to the plan's qualities. */
  qualities: z.array(z.unknown()).catch([]).transform((list) => list.flatMap((item) => {
    const r = offerSchema.safeParse(item);
    return r.success ? [r.data] : [];
  })),
  conversion: conversionStatusSchema.nullish().catch(null),
});
export type ConversionVideoItem = z.infer<typeof videoSchema>;

/** GET /api/conversion/videos?folder_id=: the folder's videos, each with its latest conversion. */
export async function getConversionVideos(folderId: number): Promise<ConversionVideoItem[]> {
  const data = await apiRequest(`/api/conversion/videos?folder_id=${folderId}`);
  const list = (data as { videos?: unknown } | undefined)?.videos;
  if (!Array.isArray(list)) throw new ApiError(200, msg.videosInvalidResponse);
  return list.flatMap((item) => {
    const r = videoSchema.safeParse(item);
    return r.success ? [r.data] : [];
  });
}

export function useConversionVideos(folderId: number | null) {
  return useQuery({
    queryKey: conversionVideosKey(folderId ?? 0),
    queryFn: () => getConversionVideos(folderId ?? 0),
    enabled: folderId !== null,
  });
}
