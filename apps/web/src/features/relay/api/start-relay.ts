import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { RelayStartBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { invalidateRelay } from './get-relay-status.ts';

const responseSchema = z.object({ message: z.string().catch('') });

/** POST /api/relay/start: the relay takes the channel (the playlist on air, or the previous relay, ends). */
export async function startRelay(body: RelayStartBody): Promise<string> {
  return responseSchema.parse((await apiRequest('/api/relay/start', { method: 'POST', body })) ?? {}).message;
}

export function useStartRelay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['relay', 'start'],
    mutationFn: startRelay,
    onSettled: () => invalidateRelay(queryClient),
  });
}
