import { useQuery } from '@tanstack/react-query';
import { AUDIENCE, audienceMapResponseSchema, type AudienceMapPoint, type AudiencePeriod } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { audienceQueryRoot } from './get-audience.ts';

export const audienceMapQueryKey = (periodo: AudiencePeriod) => [...audienceQueryRoot, 'mapa', periodo] as const;

/** GET /api/espectadores/mapa?periodo=: the located sessions grouped by city, the largest first. */
export async function getAudienceMap(periodo: AudiencePeriod): Promise<AudienceMapPoint[]> {
  const data = await apiRequest(`/api/espectadores/mapa?periodo=${periodo}`, { schema: audienceMapResponseSchema });
  return data.pontos.filter((p) => p.count > 0);
}

export function useAudienceMap(periodo: AudiencePeriod) {
  return useQuery({
    queryKey: audienceMapQueryKey(periodo),
    queryFn: () => getAudienceMap(periodo),
    refetchInterval: AUDIENCE.realTimePollMs,
  });
}
