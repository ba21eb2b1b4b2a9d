import { useQuery } from '@tanstack/react-query';
import { AUDIENCE, audienceHistoryResponseSchema, type AudienceHistoryPoint, type AudienceInterval, type AudiencePeriod } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { historyInterval } from '../utils/audience-view.ts';
import { audienceQueryRoot } from './get-audience.ts';

export const audienceHistoryQueryKey = (periodo: AudiencePeriod, intervalo: AudienceInterval) =>
  [...audienceQueryRoot, 'historico', periodo, intervalo] as const;

/** GET /api/espectadores/historico?periodo=&intervalo=: one point per interval of the period, oldest first. */
export async function getAudienceHistory(periodo: AudiencePeriod, intervalo: AudienceInterval): Promise<AudienceHistoryPoint[]> {
  const url = `/api/espectadores/historico?periodo=${periodo}&intervalo=${intervalo}`;
  return (await apiRequest(url, { schema: audienceHistoryResponseSchema })).historico;
}

/** 5-minute bars for the last hour, hourly bars otherwise (historyInterval). */
export function useAudienceHistory(periodo: AudiencePeriod) {
  const intervalo = historyInterval(periodo);
  return useQuery({
    queryKey: audienceHistoryQueryKey(periodo, intervalo),
    queryFn: () => getAudienceHistory(periodo, intervalo),
    refetchInterval: AUDIENCE.realTimePollMs,
  });
}
