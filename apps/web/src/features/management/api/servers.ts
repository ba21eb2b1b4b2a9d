import { useQuery } from '@tanstack/react-query';
import { serversResponseSchema } from '@painel/contract';
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
