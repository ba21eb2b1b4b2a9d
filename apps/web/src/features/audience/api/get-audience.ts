import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AUDIENCE, type AudiencePeriod, type AudienceResponse, type Viewer, type ViewerStats } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

/** Every query of the page starts with this key, so 'Atualizar' reloads them all at once. */
export const audienceQueryRoot = ['espectadores'] as const;
export const audienceQueryKey = (periodo: AudiencePeriod) => [...audienceQueryRoot, 'lista', periodo] as const;

const text = z.string().catch('');
const count = z.coerce.number().catch(0);
const counts = z.record(z.string(), z.coerce.number()).catch({});

const viewerSchema = z.object({
  id: z.number(),
  ip_hash: text,
  pais: text,
  codigo_pais: text,
  cidade: text,
  dispositivo: text,
  navegador: text,
  tempo_visualizacao: count,
  ativo: z.boolean().catch(false),
  tipo: z.enum(['live', 'vod']).catch('live'),
  origem: z.enum(['player', 'hls']).catch('player'),
  created_at: text,
  ultima_atividade: text,
}) satisfies z.ZodType<Viewer>;

const statsSchema = z.object({
  total: count, ativos: count, paises: counts, cidades: counts, dispositivos: counts, navegadores: counts, tempoMedio: count,
}) satisfies z.ZodType<ViewerStats>;

const responseSchema = z.object({
  espectadores: z.array(z.unknown()).catch([]),
  estatisticas: statsSchema.catch({ total: 0, ativos: 0, paises: {}, cidades: {}, dispositivos: {}, navegadores: {}, tempoMedio: 0 }),
});

/** GET /api/espectadores?periodo=: the period's sessions (most recent activity first) and their figures. */
export async function getAudience(periodo: AudiencePeriod): Promise<AudienceResponse> {
  const data = responseSchema.parse((await apiRequest(`/api/espectadores?periodo=${periodo}`)) ?? {});
  // one malformed row costs that row, not the page
  const espectadores = data.espectadores.flatMap((v) => {
    const r = viewerSchema.safeParse(v);
    return r.success ? [r.data] : [];
  });
  return { success: true, periodo, espectadores, estatisticas: data.estatisticas };
}

/** Reloaded with the real-time card, so each session's 'Ativo' follows the viewer. */
export function useAudience(periodo: AudiencePeriod) {
  return useQuery({
    queryKey: audienceQueryKey(periodo),
    queryFn: () => getAudience(periodo),
    refetchInterval: AUDIENCE.realTimePollMs,
  });
}
