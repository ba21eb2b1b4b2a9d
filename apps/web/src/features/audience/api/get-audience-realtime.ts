import { useQuery } from '@tanstack/react-query';
import { AUDIENCE, audienceRealTimeSchema, type AudienceRealTime } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { audienceQueryRoot } from './get-audience.ts';

export const audienceRealTimeQueryKey = [...audienceQueryRoot, 'tempo-real'] as const;

/** GET /api/espectadores/tempo-real: who watches now, the plan's limit, whether the channel is on air. */
export async function getAudienceRealTime(): Promise<AudienceRealTime> {
  return apiRequest('/api/espectadores/tempo-real', { schema: audienceRealTimeSchema });
}

export function useAudienceRealTime() {
  return useQuery({ queryKey: audienceRealTimeQueryKey, queryFn: getAudienceRealTime, refetchInterval: AUDIENCE.realTimePollMs });
}
