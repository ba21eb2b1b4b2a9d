import { useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { RELAY_TIMINGS, RELAY_TYPES, type RelayStatus } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { streamingStatusQueryKey } from '@/lib/streaming-status.ts';

export const relayStatusQueryKey = ['relay', 'status'] as const;

/** After a start or a stop: the relay's status and the channel's (dashboard, players) are read again. */
export const invalidateRelay = (queryClient: QueryClient) =>
  Promise.all([relayStatusQueryKey, streamingStatusQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

const num = z.number().catch(0);
const text = z.string().nullable().catch(null);

// Lenient: any relay_status but ativo or erro means inactive
const statusSchema = z.object({
  relay_status: z.string().catch('').transform((s) => (s === 'ativo' || s === 'erro' ? s : 'inativo')),
  relay_url: text,
  relay_type: z.enum(RELAY_TYPES).nullable().catch(null),
  relay_started_at: text,
  viewers: num,
  bitrate: num,
  uptime: z.string().catch(''),
  uptime_seconds: num,
  relay_error_details: text,
  estado: z.enum(['starting', 'live', 'reconnecting', 'failing', 'held']).nullable().catch(null),
});

/** GET /api/relay/status. */
export async function getRelayStatus(): Promise<RelayStatus> {
  return { success: true, ...statusSchema.parse((await apiRequest('/api/relay/status')) ?? {}) };
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
