import { useQuery } from '@tanstack/react-query';
import { dashboardOverviewSchema, type ActivityItem, type DashboardOverview, type PlatformUse } from '@painel/contract';
import { useAutoRefresh } from '@/lib/auto-refresh.ts';
import { apiRequest } from '@/lib/api-client.ts';

export const dashboardOverviewQueryKey = ['dashboard', 'overview'] as const;

export type { ActivityItem, DashboardOverview, PlatformUse };

/**
 * GET /api/dashboard/overview: the media server's state, the server's resources, the account's
 * recent activity and how often each platform was used.
 */
export async function getDashboardOverview(): Promise<DashboardOverview> {
  return apiRequest('/api/dashboard/overview', { schema: dashboardOverviewSchema });
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
