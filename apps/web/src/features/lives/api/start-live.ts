import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startLiveResponseSchema, type StartLiveBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { livesQueryKey } from './get-lives.ts';

/** POST /api/streaming/start-live: registers a live, started now or scheduled. */
export async function startLive(body: StartLiveBody): Promise<string> {
  return (await apiRequest('/api/streaming/start-live', { method: 'POST', body, schema: startLiveResponseSchema })).message;
}

export function useStartLive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['streaming', 'start-live'],
    mutationFn: startLive,
    onSettled: () => queryClient.invalidateQueries({ queryKey: livesQueryKey }),
  });
}
