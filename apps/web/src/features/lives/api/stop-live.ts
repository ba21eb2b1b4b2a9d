import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { livesQueryKey } from './get-lives.ts';

/** POST /api/streaming/stop-live/{id}: finishes a live that is transmitting. */
export async function stopLive(id: number): Promise<string> {
  return (await apiRequest(`/api/streaming/stop-live/${id}`, { method: 'POST', schema: messageResponseSchema })).message;
}

export function useStopLive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['streaming', 'stop-live'],
    mutationFn: stopLive,
    onSettled: () => queryClient.invalidateQueries({ queryKey: livesQueryKey }),
  });
}
