import { useStreamingStatus } from '@/lib/streaming-status.ts';

export type StreamState = 'checking' | 'error' | 'offline' | 'playlist' | 'obs' | 'live';

/**
 * The player manager's view of the status: a failed call (or an
 * unreachable media server) is a connection error and clears the stream.
 */
export function useStreamState() {
  const status = useStreamingStatus();
  const s = status.data;
  let state: StreamState;
  if (status.isPending) state = 'checking';
  else if (status.isError || s?.wowza_info.connection_error) state = 'error';
  else if (!s?.is_live) state = 'offline';
  else if (s.stream_type === 'playlist') state = 'playlist';
  else if (s.stream_type === 'obs') state = 'obs';
  else state = 'live';
  const live = state === 'playlist' || state === 'obs' || state === 'live';
  const lastCheck = Math.max(status.dataUpdatedAt, status.errorUpdatedAt);
  return { status, state, live, data: live ? s : undefined, lastCheck: lastCheck > 0 ? lastCheck : null };
}
