import { useMutation, useQueryClient } from '@tanstack/react-query';
import { relayStopResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { invalidateRelay } from './get-relay-status.ts';

/** POST /api/relay/stop: ends the relay (or clears one that ended in error). */
export async function stopRelay(): Promise<string> {
  return (await apiRequest('/api/relay/stop', { method: 'POST', schema: relayStopResponseSchema })).message;
}

export function useStopRelay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['relay', 'stop'],
    mutationFn: stopRelay,
    onSettled: () => invalidateRelay(queryClient),
  });
}
