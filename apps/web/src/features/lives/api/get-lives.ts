import { useQuery } from '@tanstack/react-query';
import { livesResponseSchema, type LiveRecord } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { useAutoRefresh } from '@/lib/auto-refresh.ts';

export const livesQueryKey = ['streaming', 'lives'] as const;

export type Live = LiveRecord;

/** GET /api/streaming/lives: the account's lives, OBS first while it is live. */
export async function getLives(): Promise<Live[]> {
  return (await apiRequest('/api/streaming/lives', { schema: livesResponseSchema })).lives;
}

/** Reloaded at the management pages' interval (30 s by default). */
export function useLives() {
  const { managementMs } = useAutoRefresh();
  return useQuery({ queryKey: livesQueryKey, queryFn: getLives, refetchInterval: managementMs });
}
