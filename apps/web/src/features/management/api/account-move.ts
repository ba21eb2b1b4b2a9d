import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountMoveResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { streamingsQueryKey } from '@/lib/managed-accounts.ts';
import { serversQueryKey } from './servers.ts';

export const accountMoveQueryKey = (id: number) => ['management', 'mudanca', id] as const;

/** GET /api/admin/contas/:id/mover: the account's server and its current or last move; re-read every 2 s while one runs. */
export function useAccountMove(id: number) {
  return useQuery({
    queryKey: accountMoveQueryKey(id),
    queryFn: () => apiRequest(`/api/admin/contas/${id}/mover`, { schema: accountMoveResponseSchema }),
    refetchInterval: (q) => {
      const estado = q.state.data?.mudanca?.estado;
      return estado === 'na_fila' || estado === 'copiando' ? 2000 : false;
    },
  });
}

/** POST /api/admin/contas/:id/mover: queues the move; the answer is its first status. */
export function useMoveAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['management', 'mover', id],
    mutationFn: (codigo_servidor: number) =>
      apiRequest(`/api/admin/contas/${id}/mover`, { method: 'POST', body: { codigo_servidor }, schema: accountMoveResponseSchema }),
    onSuccess: (data) => queryClient.setQueryData(accountMoveQueryKey(id), data),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: streamingsQueryKey });
      void queryClient.invalidateQueries({ queryKey: serversQueryKey });
    },
  });
}
