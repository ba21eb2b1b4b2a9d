import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { livesQueryKey } from './get-lives.ts';

const responseSchema = z.object({ message: z.string().catch('') });

/** POST /api/streaming/stop-live/{id}: finishes a live that is transmitting. */
export async function stopLive(id: number): Promise<string> {
  return responseSchema.parse((await apiRequest(`/api/streaming/stop-live/${id}`, { method: 'POST' })) ?? {}).message;
}

export function useStopLive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['streaming', 'stop-live'],
    mutationFn: stopLive,
    onSettled: () => queryClient.invalidateQueries({ queryKey: livesQueryKey }),
  });
}
