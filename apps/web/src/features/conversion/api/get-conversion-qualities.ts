import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CONVERSION_QUALITIES, type ConversionQualityOption } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const conversionQualitiesKey = ['conversion', 'qualities'] as const;

export const qualitySchema = z.object({
  quality: z.enum(CONVERSION_QUALITIES),
  label: z.string(),
  bitrate: z.coerce.number(),
  resolution: z.string().catch(''),
  description: z.string().catch(''),
  available: z.boolean().catch(false),
});

/** GET /api/conversion/qualities: the fixed qualities and the custom one (its bitrate is the plan's maximum). */
export async function getConversionQualities(): Promise<ConversionQualityOption[]> {
  const data = await apiRequest('/api/conversion/qualities');
  const list = (data as { qualities?: unknown } | undefined)?.qualities;
  return (Array.isArray(list) ? list : []).flatMap((item) => {
    const r = qualitySchema.safeParse(item);
    return r.success ? [r.data] : [];
  });
}

export function useConversionQualities() {
  return useQuery({ queryKey: conversionQualitiesKey, queryFn: getConversionQualities, staleTime: 5 * 60_000 });
}
