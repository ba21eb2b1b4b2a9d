import { useQuery } from '@tanstack/react-query';
import { conversionQualitiesSchema, type ConversionQualityOption } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const conversionQualitiesKey = ['conversion', 'qualities'] as const;

/** GET /api/conversion/qualities: the fixed qualities and the custom one (its bitrate is the plan's maximum). */
export async function getConversionQualities(): Promise<ConversionQualityOption[]> {
  return (await apiRequest('/api/conversion/qualities', { schema: conversionQualitiesSchema })).qualities;
}

export function useConversionQualities() {
  return useQuery({ queryKey: conversionQualitiesKey, queryFn: getConversionQualities, staleTime: 5 * 60_000 });
}
