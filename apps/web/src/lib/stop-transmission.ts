import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type TransmissionType } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { streamingStatusQueryKey } from '@/lib/streaming-status.ts';

export const stopTransmissionMutationKey = ['streaming', 'stop'] as const;

export interface StopBody {
  transmission_id?: number | undefined;
  stream_type: TransmissionType;
}

/** POST /api/streaming/stop: the transmission id and stream type of the status (dashboard, playlists). */
export async function stopTransmission(body: StopBody): Promise<void> {
  await apiRequest('/api/streaming/stop', { method: 'POST', body, schema: messageResponseSchema });
}

/** Afterwards the status and every dashboard figure (['dashboard', …]) are read again. */
export function useStopTransmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: stopTransmissionMutationKey,
    mutationFn: stopTransmission,
    onSettled: () =>
      Promise.all([streamingStatusQueryKey, ['dashboard']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
