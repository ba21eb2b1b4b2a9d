import { useQuery } from '@tanstack/react-query';
import { AUDIENCE, audienceResponseSchema, type AudiencePeriod, type AudienceResponse } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

/** Every query of the page starts with this key, so 'Atualizar' reloads them all at once. */
export const audienceQueryRoot = ['espectadores'] as const;
export const audienceQueryKey = (periodo: AudiencePeriod) => [...audienceQueryRoot, 'lista', periodo] as const;

/** GET /api/espectadores?periodo=: the period's sessions (most recent activity first) and their figures. */
export async function getAudience(periodo: AudiencePeriod): Promise<AudienceResponse> {
  return apiRequest(`/api/espectadores?periodo=${periodo}`, { schema: audienceResponseSchema });
}

/** Reloaded with the real-time card, so each session's 'Ativo' follows the viewer. */
export function useAudience(periodo: AudiencePeriod) {
  return useQuery({
    queryKey: audienceQueryKey(periodo),
    queryFn: () => getAudience(periodo),
    refetchInterval: AUDIENCE.realTimePollMs,
  });
}
