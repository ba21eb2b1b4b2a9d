import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startResponseSchema, type StartPlaylistBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { streamingStatusQueryKey } from '@/lib/streaming-status.ts';

/**
 * POST /api/streaming/start with a playlist: answers the server's message and whether the
 * playlist went on air or waits for the OBS broadcast to end (`held`), with its title.
 */
export async function startPlaylistBroadcast(body: StartPlaylistBody): Promise<{ message: string; held: boolean; titulo: string }> {
  const answer = await apiRequest('/api/streaming/start', { method: 'POST', body, schema: startResponseSchema });
  return { message: answer.message, held: answer.aguardando_obs === true, titulo: answer.transmission.titulo };
}

export function useStartPlaylistBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['streaming', 'start-playlist'],
    mutationFn: startPlaylistBroadcast,
    onSettled: () => queryClient.invalidateQueries({ queryKey: streamingStatusQueryKey }),
  });
}
