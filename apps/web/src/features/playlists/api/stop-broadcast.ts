import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransmissionType } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { streamingStatusQueryKey } from '@/lib/streaming-status.ts';

export interface StopBroadcastBody {
  transmission_id: number | undefined;
  stream_type: TransmissionType;
}

/** POST /api/streaming/stop: ends the playlist on air, or whatever broadcast a new playlist replaces. */
export async function stopBroadcast(body: StopBroadcastBody): Promise<void> {
  await apiRequest('/api/streaming/stop', { method: 'POST', body });
}

export function useStopBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['streaming', 'stop'],
    mutationFn: stopBroadcast,
    onSettled: () => queryClient.invalidateQueries({ queryKey: streamingStatusQueryKey }),
  });
}
