import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cleanupResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { streamingStatusQueryKey } from '@/lib/streaming-status.ts';

export const cleanupInactiveMutationKey = ['streaming', 'cleanup-inactive'] as const;

/** POST /api/streaming/cleanup-inactive: ends broadcasts the media server no longer has. */
export async function cleanupInactive(): Promise<number> {
  return (await apiRequest('/api/streaming/cleanup-inactive', { method: 'POST', schema: cleanupResponseSchema })).cleaned_count;
}

export function useCleanupInactive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cleanupInactiveMutationKey,
    mutationFn: cleanupInactive,
    onSuccess: (cleaned) => (cleaned > 0 ? queryClient.invalidateQueries({ queryKey: streamingStatusQueryKey }) : undefined),
    onError: (error) => console.error(error),
  });
}
