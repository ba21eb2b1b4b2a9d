import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { useAutoRefresh } from '@/lib/auto-refresh.ts';

export const livesQueryKey = ['streaming', 'lives'] as const;

export const liveSchema = z.object({
  id: z.number(),
  tipo: z.string().catch(''),
  servidor_live: z.string().catch(''),
  status: z.number(),
  data_inicio_formatted: z.string().catch(''),
  data_fim_formatted: z.string().catch(''),
  duracao: z.string().catch(''),
  status_text: z.string().catch(''),
  platform_name: z.string().catch(''),
  erro: z.string().nullable().catch(null),
});
export type Live = z.infer<typeof liveSchema>;

/** GET /api/streaming/lives: the account's lives, OBS first while it is live. */
export async function getLives(): Promise<Live[]> {
  const data = await apiRequest('/api/streaming/lives');
  const list = (data as { lives?: unknown } | undefined)?.lives;
  return (Array.isArray(list) ? list : []).flatMap((l) => {
    const r = liveSchema.safeParse(l);
    return r.success ? [r.data] : [];
  });
}

/** Reloaded at the management pages' interval (30 s by default). */
export function useLives() {
  const { managementMs } = useAutoRefresh();
  return useQuery({ queryKey: livesQueryKey, queryFn: getLives, refetchInterval: managementMs });
}
