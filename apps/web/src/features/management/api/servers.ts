import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverResponseSchema, serversResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const serversQueryKey = ['management', 'servidores'] as const;

/** GET /api/admin/servidores: every server with its load, accounts and edge; re-read every 10 s (heartbeats come every 5 s). */
export function useServers(opts: { enabled?: boolean; live?: boolean } = {}) {
  return useQuery({
    queryKey: serversQueryKey,
    queryFn: () => apiRequest('/api/admin/servidores', { schema: serversResponseSchema }),
    enabled: opts.enabled ?? true,
    refetchInterval: opts.live === false ? false : 10_000,
    refetchIntervalInBackground: false,
  });
}

/** PUT /api/admin/servidores/:id: the server's HLS edge (null: the server itself). */
export function useSetServerEdge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['management', 'admin', 'server-edge'],
    mutationFn: ({ id, edge }: { id: number; edge: string | null }) =>
      apiRequest(`/api/admin/servidores/${id}`, { method: 'PUT', body: { edge_url: edge }, schema: serverResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serversQueryKey }),
  });
}
