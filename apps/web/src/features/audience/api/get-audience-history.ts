import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AUDIENCE, type AudienceHistoryPoint, type AudienceInterval, type AudiencePeriod } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { historyInterval } from '../utils/audience-view.ts';
import { audienceQueryRoot } from './get-audience.ts';

export const audienceHistoryQueryKey = (periodo: AudiencePeriod, intervalo: AudienceInterval) =>
  [...audienceQueryRoot, 'historico', periodo, intervalo] as const;

const pointSchema = z.object({
  timestamp: z.string(),
  espectadores: z.coerce.number().catch(0),
  tempoMedio: z.coerce.number().catch(0),
}) satisfies z.ZodType<AudienceHistoryPoint>;

/** GET /api/espectadores/historico?periodo=&intervalo=: one point per interval of the period, oldest first. */
export async function getAudienceHistory(periodo: AudiencePeriod, intervalo: AudienceInterval): Promise<AudienceHistoryPoint[]> {
  const data = (await apiRequest(`/api/espectadores/historico?periodo=${periodo}&intervalo=${intervalo}`)) as { historico?: unknown } | undefined;
  return (Array.isArray(data?.historico) ? data.historico : []).flatMap((p) => {
    const r = pointSchema.safeParse(p);
    return r.success ? [r.data] : [];
  });
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
