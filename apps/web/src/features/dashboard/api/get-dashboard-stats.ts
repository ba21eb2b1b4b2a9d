import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useAutoRefresh } from '@/lib/auto-refresh.ts';
import { apiRequest } from '@/lib/api-client.ts';

export const dashboardStatsQueryKey = ['dashboard', 'stats'] as const;

const n = z.coerce.number().catch(0);
const statsSchema = z.object({
  totalVideos: n,
  totalPlaylists: n,
  espectadoresAtivos: n,
  /** MB */
  espacoUsado: n,
  /** MB; 0 when the server did not say (the page then uses the plan's quota) */
  totalEspaco: n,
});
export type DashboardStats = z.infer<typeof statsSchema>;

/** GET /api/dashboard/stats. Some servers wrap it in {stats}. */
export async function getDashboardStats(): Promise<DashboardStats> {
  const data = await apiRequest('/api/dashboard/stats');
  const body = typeof data === 'object' && data !== null && 'stats' in data ? (data as { stats: unknown }).stats : data;
  return statsSchema.parse(body ?? {});
}

/** Reloaded every 60 s. */
export function useDashboardStats() {
  const { dashboardMs } = useAutoRefresh();
  return useQuery({
    queryKey: dashboardStatsQueryKey,
    queryFn: getDashboardStats,
    refetchInterval: dashboardMs,
  });
}
