import { useQuery } from '@tanstack/react-query';
import { streamingsResponseSchema } from '@painel/contract';
import { apiRequest } from './api-client.ts';

export const streamingsQueryKey = ['management', 'streamings'] as const;

/**
 * GET /api/revenda/streamings: the accounts in scope, newest first, and the reseller's pool (null
 * for the operator). Read by the Streamings page and by a reseller's dashboard.
 */
export function useStreamings() {
  return useQuery({
    queryKey: streamingsQueryKey,
    queryFn: () => apiRequest('/api/revenda/streamings', { schema: streamingsResponseSchema }),
    // live now and the storage used change on their own
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
  });
}
