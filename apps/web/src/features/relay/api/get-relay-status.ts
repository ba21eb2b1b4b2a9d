import { useQuery, type QueryClient } from '@tanstack/react-query';
import { RELAY_TIMINGS, relayStatusSchema, type RelayStatus } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { streamingStatusQueryKey } from '@/lib/streaming-status.ts';

export const relayStatusQueryKey = ['relay', 'status'] as const;

/** After a start or a stop: the relay's status and the channel's (dashboard, players) are read again. */
export const invalidateRelay = (queryClient: QueryClient) =>
  Promise.all([relayStatusQueryKey, streamingStatusQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** GET /api/relay/status. */
export async function getRelayStatus(): Promise<RelayStatus> {
  return apiRequest('/api/relay/status', { schema: relayStatusSchema });
}

/**
 * Every 30 s while active; every 2 s while it is still connecting (or on air before the media
 * server measured its first bitrate), so the banner shows it on air at once; never while inactive.
 */
export function relayPollMs(s: RelayStatus | undefined): number | false {
  if (s?.relay_status !== 'ativo') return false;
  const settling = s.estado === 'starting' || (s.estado === 'live' && s.bitrate === 0);
  return settling ? RELAY_TIMINGS.connectingPollMs : RELAY_TIMINGS.statusPollMs;
}

export function useRelayStatus() {
  return useQuery({
    queryKey: relayStatusQueryKey,
    queryFn: getRelayStatus,
    refetchInterval: (query) => relayPollMs(query.state.data),
    refetchIntervalInBackground: false,
  });
}
