import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { livesQueryKey } from './get-lives.ts';

/** DELETE /api/streaming/remove-live/{id}: stops it if it runs, then removes it. */
export async function removeLive(id: number): Promise<string> {
  return (await apiRequest(`/api/streaming/remove-live/${id}`, { method: 'DELETE', schema: messageResponseSchema })).message;
}

export function useRemoveLive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['streaming', 'remove-live'],
    mutationFn: removeLive,
    onSettled: () => queryClient.invalidateQueries({ queryKey: livesQueryKey }),
  });
}
