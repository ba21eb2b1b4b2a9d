import { useQuery } from '@tanstack/react-query';
import { CONVERSION_ACTIVE, CONVERSION_TIMINGS, conversionStatusResponseSchema, type ConversionStatus } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const conversionStatusKey = (videoId: number) => ['conversion', 'status', videoId] as const;

export type ConversionStatusItem = ConversionStatus;

/** Queued or running: the page keeps asking. */
export const isConverting = (s: ConversionStatusItem | null | undefined): boolean => !!s && CONVERSION_ACTIVE.includes(s.status);

/** GET /api/conversion/status/{videoId}: the video's latest conversion, null when it never had one. */
export async function getConversionStatus(videoId: number): Promise<ConversionStatusItem | null> {
  return (await apiRequest(`/api/conversion/status/${videoId}`, { schema: conversionStatusResponseSchema })).conversion_status;
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
