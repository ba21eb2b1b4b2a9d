import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CONVERSION_ACTIVE, CONVERSION_QUALITIES, CONVERSION_TIMINGS } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const conversionStatusKey = (videoId: number) => ['conversion', 'status', videoId] as const;

export const conversionStatusSchema = z.object({
  status: z.enum(['na_fila', 'em_andamento', 'concluida', 'erro']),
  progress: z.coerce.number().catch(0),
  quality: z.enum(CONVERSION_QUALITIES).catch('custom'),
  bitrate: z.coerce.number().catch(0),
  resolution: z.string().catch(''),
  /** bytes */
  file_size: z.coerce.number().catch(0),
  error: z.string().nullish().catch(null),
  video_id: z.number().nullish().catch(null),
  nome: z.string().nullish().catch(null),
  manter_original: z.boolean().catch(false),
  /** How a conversion that ended well differs from what was asked (a larger result kept beside the original). */
  notice: z.string().nullish().catch(null),
});
export type ConversionStatusItem = z.infer<typeof conversionStatusSchema>;

/** Queued or running: the page keeps asking. */
export const isConverting = (s: ConversionStatusItem | null | undefined): boolean => !!s && CONVERSION_ACTIVE.includes(s.status);

/** GET /api/conversion/status/{videoId}: the video's latest conversion, null when it never had one. */
export async function getConversionStatus(videoId: number): Promise<ConversionStatusItem | null> {
  const data = await apiRequest(`/api/conversion/status/${videoId}`);
  const raw = (data as { conversion_status?: unknown } | undefined)?.conversion_status;
  return raw ? conversionStatusSchema.parse(raw) : null;
}

/**
 * One video's conversion, starting from what the list said (`known`); asked again every 2 s
 * while it is queued or running. Starting a conversion writes its first status here.
 */
export function useConversionStatus(videoId: number, known: ConversionStatusItem | null, knownAt: number) {
  return useQuery({
    queryKey: conversionStatusKey(videoId),
    queryFn: () => getConversionStatus(videoId),
    initialData: known,
    initialDataUpdatedAt: knownAt,
    staleTime: Infinity,
    refetchInterval: (q) => (isConverting(q.state.data) ? CONVERSION_TIMINGS.statusPollMs : false),
  });
}
