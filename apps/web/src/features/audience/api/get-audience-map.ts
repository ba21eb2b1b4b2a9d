import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AUDIENCE, type AudienceMapPoint, type AudiencePeriod } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { audienceQueryRoot } from './get-audience.ts';

export const audienceMapQueryKey = (periodo: AudiencePeriod) => [...audienceQueryRoot, 'mapa', periodo] as const;

const pointSchema = z.object({
  cidade: z.string().catch(''),
  pais: z.string().catch(''),
  latitude: z.number(),
  longitude: z.number(),
  count: z.coerce.number().catch(0),
  ativos: z.coerce.number().catch(0),
}) satisfies z.ZodType<AudienceMapPoint>;

/** GET /api/espectadores/mapa?periodo=: the located sessions grouped by city, the largest first. */
export async function getAudienceMap(periodo: AudiencePeriod): Promise<AudienceMapPoint[]> {
  const data = (await apiRequest(`/api/espectadores/mapa?periodo=${periodo}`)) as { pontos?: unknown } | undefined;
  return (Array.isArray(data?.pontos) ? data.pontos : []).flatMap((p) => {
    const r = pointSchema.safeParse(p);
    return r.success && r.data.count > 0 ? [r.data] : [];
  });
}

export function useAudienceMap(periodo: AudiencePeriod) {
  return useQuery({
    queryKey: audienceMapQueryKey(periodo),
    queryFn: () => getAudienceMap(periodo),
    refetchInterval: AUDIENCE.realTimePollMs,
  });
}
