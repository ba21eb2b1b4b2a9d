import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { invalidateRelay } from './get-relay-status.ts';

const responseSchema = z.object({ message: z.string().catch('') });

/** POST /api/relay/stop: ends the relay (or clears one that ended in error). */
export async function stopRelay(): Promise<string> {
  return responseSchema.parse((await apiRequest('/api/relay/stop', { method: 'POST' })) ?? {}).message;
}

export function useStopRelay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['relay', 'stop'],
    mutationFn: stopRelay,
    onSettled: () => invalidateRelay(queryClient),
  });
}
