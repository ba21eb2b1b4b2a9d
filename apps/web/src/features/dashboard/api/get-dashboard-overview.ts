import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useAutoRefresh } from '@/lib/auto-refresh.ts';
import { apiRequest } from '@/lib/api-client.ts';

export const dashboardOverviewQueryKey = ['dashboard', 'overview'] as const;

const n = z.number().catch(0);
const usage = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, percentual: n });
const online = z.enum(['online', 'offline']).catch('offline');

const activitySchema = z.object({ tipo: z.string().catch(''), descricao: z.string(), data: z.string().catch('') });
const platformSchema = z.object({
  id: z.coerce.string(),
  nome: z.string(),
  transmissoes: n,
  estado: z.enum(['disconnected', 'connecting', 'connected', 'error']).catch('disconnected'),
});

const overviewSchema = z.object({
  sistema: z
    .object({
      servidor_midia: z
        .object({ status: online, estado: z.string().catch(''), reinicios: n, ultimo_erro: z.string().nullable().catch(null) })
        .nullable()
        .catch(null),
    })
    .catch({ servidor_midia: null }),
  recursos: z
    .object({
      cpu: usage({ nucleos: n }).nullable().catch(null),
      memoria: usage({ usada_mb: n, total_mb: n }).nullable().catch(null),
      disco: usage({ usado_mb: n, total_mb: n }).nullable().catch(null),
    })
    .catch({ cpu: null, memoria: null, disco: null }),
  atividade_recente: z.array(z.unknown()).catch([]),
  plataformas: z.array(z.unknown()).catch([]),
});

const keep = <T>(schema: z.ZodType<T>, list: unknown[]): T[] =>
  list.flatMap((x) => {
    const r = schema.safeParse(x);
    return r.success ? [r.data] : [];
  });

export type ActivityItem = z.infer<typeof activitySchema>;
export type PlatformUse = z.infer<typeof platformSchema>;
export type DashboardOverview = Omit<z.infer<typeof overviewSchema>, 'atividade_recente' | 'plataformas'> & {
  atividade_recente: ActivityItem[];
  plataformas: PlatformUse[];
};

/**
 * GET /api/dashboard/overview: the media server's state, the server's resources, the account's
 * recent activity and how often each platform was used.
 */
export async function getDashboardOverview(): Promise<DashboardOverview> {
  const data = overviewSchema.parse((await apiRequest('/api/dashboard/overview')) ?? {});
  return { ...data, atividade_recente: keep(activitySchema, data.atividade_recente), plataformas: keep(platformSchema, data.plataformas) };
}

/** Reloaded every 60 s. */
export function useDashboardOverview() {
  const { dashboardMs } = useAutoRefresh();
  return useQuery({
    queryKey: dashboardOverviewQueryKey,
    queryFn: getDashboardOverview,
    refetchInterval: dashboardMs,
  });
}
