import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AUDIENCE, type AudienceRealTime } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { audienceQueryRoot } from './get-audience.ts';

export const audienceRealTimeQueryKey = [...audienceQueryRoot, 'tempo-real'] as const;

const count = z.coerce.number().catch(0);
const realTimeSchema = z.object({
  espectadoresAtivos: count,
  espectadoresVod: count,
  transmissaoAtiva: z.boolean().catch(false),
  limite: count,
  timestamp: z.string().catch(''),
});

/** GET /api/espectadores/tempo-real: who watches now, the plan's limit, whether the channel is on air. */
export async function getAudienceRealTime(): Promise<AudienceRealTime> {
  return { success: true, ...realTimeSchema.parse((await apiRequest('/api/espectadores/tempo-real')) ?? {}) };
}

export function useAudienceRealTime() {
  return useQuery({ queryKey: audienceRealTimeQueryKey, queryFn: getAudienceRealTime, refetchInterval: AUDIENCE.realTimePollMs });
}
