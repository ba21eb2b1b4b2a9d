import { useQuery } from '@tanstack/react-query';
import { dashboardStatsSchema, type DashboardStats } from '@painel/contract';
import { useAutoRefresh } from '@/lib/auto-refresh.ts';
import { apiRequest } from '@/lib/api-client.ts';

export const dashboardStatsQueryKey = ['dashboard', 'stats'] as const;

export type { DashboardStats };

/** GET /api/dashboard/stats. */
export async function getDashboardStats(): Promise<DashboardStats> {
  return apiRequest('/api/dashboard/stats', { schema: dashboardStatsSchema });
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
