import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransmissionType } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { streamingStatusQueryKey } from '@/lib/streaming-status.ts';
import { dashboardStatsQueryKey } from './get-dashboard-stats.ts';
import { dashboardOverviewQueryKey } from './get-dashboard-overview.ts';

export const stopTransmissionMutationKey = ['streaming', 'stop'] as const;

export interface StopBody {
  transmission_id?: number | undefined;
  /** default playlist */
  stream_type: TransmissionType;
}

/** POST /api/streaming/stop from the dashboard: the transmission id and stream type of the status. */
export async function stopTransmission(body: StopBody): Promise<void> {
  await apiRequest('/api/streaming/stop', { method: 'POST', body });
}

export function useStopTransmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: stopTransmissionMutationKey,
    mutationFn: stopTransmission,
    onSettled: () =>
      Promise.all(
        [streamingStatusQueryKey, dashboardStatsQueryKey, dashboardOverviewQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
