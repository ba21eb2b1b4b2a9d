import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverResponseSchema, serversResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const serversQueryKey = ['management', 'servidores'] as const;

/** GET /api/admin/servidores: every server with its load and accounts; re-read every 10 s (heartbeats come every 5 s). */
export function useServers(opts: { enabled?: boolean; live?: boolean } = {}) {
  return useQuery({
    queryKey: serversQueryKey,
    queryFn: () => apiRequest('/api/admin/servidores', { schema: serversResponseSchema }),
    enabled: opts.enabled ?? true,
    refetchInterval: opts.live === false ? false : 10_000,
    refetchIntervalInBackground: false,
  });
}

/** PUT /api/admin/servidores/:id: the HLS edge the players of that server's accounts use (empty: the server itself). */
export function useSetServerEdge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['management', 'server-edge'],
    mutationFn: ({ id, edge_url }: { id: number; edge_url: string }) =>
      apiRequest(`/api/admin/servidores/${id}`, { method: 'PUT', body: { edge_url }, schema: serverResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serversQueryKey }),
  });
}
