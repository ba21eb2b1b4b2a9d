import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startResponseSchema, type StartPlaylistBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { streamingStatusQueryKey } from '@/lib/streaming-status.ts';

/**
 * POST /api/streaming/start with a playlist: answers the server's message, which says whether
 * the playlist went on air or waits for the OBS broadcast to end.
 */
export async function startPlaylistBroadcast(body: StartPlaylistBody): Promise<string> {
  return (await apiRequest('/api/streaming/start', { method: 'POST', body, schema: startResponseSchema })).message;
}

export function useStartPlaylistBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['streaming', 'start-playlist'],
    mutationFn: startPlaylistBroadcast,
    onSettled: () => queryClient.invalidateQueries({ queryKey: streamingStatusQueryKey }),
  });
}
