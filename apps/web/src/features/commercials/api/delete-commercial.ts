import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { commercialsQueryKey } from './get-commercials.ts';

/** DELETE /api/comerciais/{id} */
export async function deleteCommercial(id: number): Promise<void> {
  await apiRequest(`/api/comerciais/${id}`, { method: 'DELETE', schema: messageResponseSchema });
}

export function useDeleteCommercial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['comerciais', 'delete'],
    mutationFn: deleteCommercial,
    onSettled: () => queryClient.invalidateQueries({ queryKey: commercialsQueryKey }),
  });
}
