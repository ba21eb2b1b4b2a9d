import { useMutation, useQueryClient } from '@tanstack/react-query';
import { relayStartResponseSchema, type RelayStartBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { invalidateRelay } from './get-relay-status.ts';

/** POST /api/relay/start: the relay takes the channel (the playlist on air, or the previous relay, ends). */
export async function startRelay(body: RelayStartBody): Promise<string> {
  return (await apiRequest('/api/relay/start', { method: 'POST', body, schema: relayStartResponseSchema })).message;
}

export function useStartRelay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['relay', 'start'],
    mutationFn: startRelay,
    onSettled: () => invalidateRelay(queryClient),
  });
}
