import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commercialSavedSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { commercialsQueryKey } from './get-commercials.ts';

/** PUT /api/comerciais/{id} with only {ativo}: switches a config on or off, keeping the rest. */
export async function toggleCommercial({ id, ativo }: { id: number; ativo: boolean }): Promise<void> {
  await apiRequest(`/api/comerciais/${id}`, { method: 'PUT', body: { ativo }, schema: commercialSavedSchema });
}

export function useToggleCommercial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['comerciais', 'toggle'],
    mutationFn: toggleCommercial,
    onSettled: () => queryClient.invalidateQueries({ queryKey: commercialsQueryKey }),
  });
}
