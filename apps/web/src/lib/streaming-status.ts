import { useQuery } from '@tanstack/react-query';
import { TIMINGS, statusResponseSchema, type StatusResponse, type TransmissionType } from '@painel/contract';
import { commonCatalogue } from '../i18n/common.ts';
import { textsNow } from '../i18n/store.ts';
import { apiRequest } from './api-client.ts';
import { useAutoRefresh } from './auto-refresh.ts';

/**
 * GET /api/streaming/status. It lives in lib (not in a feature) because the dashboard, the
 * players page and the live management page all read the same status, and one cache entry
 * means one poll however many of them are mounted.
 */
export const streamingStatusQueryKey = ['streaming', 'status'] as const;

export type StreamingStatus = StatusResponse;

export async function getStreamingStatus(): Promise<StreamingStatus> {
  return apiRequest('/api/streaming/status', { schema: statusResponseSchema });
}

/**
 * While a playlist broadcast has been opened but its picture has not reached the media server
 * yet (the playout takes a few seconds to publish), the status is asked again this often, so
 * the page shows it on air as soon as it is, not at its next regular poll (30 s on the
 * playlists page).
 */
export const STARTING_POLL_MS = 2000;

/** A playlist broadcast is open (not waiting for OBS) and not live yet: it is starting. */
export function playlistStarting(status: Pick<StreamingStatus, 'is_live' | 'playout' | 'wowza_info'> | undefined): boolean {
  return !!status && !status.is_live && !!status.playout && !status.playout.aguardando_obs && !status.playout.falha && !status.wowza_info.connection_error;
}

/**
 * How long until the status is asked again: quickly while a playlist is starting; then `pollMs`
 * when the page sets one; else every 10 s while live, otherwise the management period (false: never).
 */
export function statusPollMs(
  status: Pick<StreamingStatus, 'is_live' | 'playout' | 'wowza_info'> | undefined,
  { pollMs, managementMs }: { pollMs?: number | undefined; managementMs: number | false },
): number | false {
  if (playlistStarting(status)) return STARTING_POLL_MS;
  return pollMs ?? (status?.is_live ? TIMINGS.liveStatusPollMs : managementMs);
}

/**
 * Re-polled every 10 s while live, otherwise at the account's refresh interval (30 s by default).
 * `pollMs` sets one fixed period instead, for a page whose polling the product defines (the
 * playlists page polls every 30 s). Either way, a playlist that is starting is followed every 2 s
 * until it is on air.
 */
export function useStreamingStatus({ pollMs }: { pollMs?: number } = {}) {
  const { managementMs } = useAutoRefresh();
  return useQuery({
    queryKey: streamingStatusQueryKey,
    queryFn: getStreamingStatus,
    refetchInterval: (query) => statusPollMs(query.state.data, { pollMs, managementMs }),
    refetchIntervalInBackground: false,
  });
}

/** When the live broadcast began, in client time: the measured uptime counts back from the answer. */
export function liveSinceMs(status: StreamingStatus | undefined, answeredAt: number): number | null {
  if (!status?.is_live) return null;
  if (status.obs_stream.is_live && status.obs_stream.uptime_seconds > 0) {
    return answeredAt - status.obs_stream.uptime_seconds * 1000;
  }
  const started = status.transmission?.data_inicio ? Date.parse(status.transmission.data_inicio) : NaN;
  return Number.isFinite(started) ? started : null;
}

/** What the live badge names as the source: the playlist, a relay, else OBS. */
export function liveTypeLabel(streamType: TransmissionType | null | undefined): string {
  const commonTexts = textsNow(commonCatalogue);
  return streamType === 'playlist' ? commonTexts.liveTypePlaylist : streamType === 'relay' ? commonTexts.liveTypeRelay : commonTexts.liveTypeObs;
}

/** The live label: OBS stream name, else playlist name, else title. */
export function liveLabel(status: StreamingStatus | undefined): string {
  if (!status?.is_live) return '';
  if (status.stream_type !== 'playlist' && status.obs_stream.is_live && status.obs_stream.streamName) {
    return status.obs_stream.streamName;
  }
  return status.transmission?.playlist_nome || status.transmission?.titulo || status.obs_stream.streamName;
}

/** Viewers and bitrate as measured: the OBS stream's when OBS publishes, else the transmission's. */
export function liveStats(status: StreamingStatus | undefined): { viewers: number; bitrate: number } {
  if (!status?.is_live) return { viewers: 0, bitrate: 0 };
  const obs = status.obs_stream;
  const t = status.transmission?.stats;
  return {
    viewers: Math.max(obs.is_live ? obs.viewers : 0, t?.viewers ?? 0),
    bitrate: obs.is_live && obs.bitrate > 0 ? obs.bitrate : (t?.bitrate ?? 0),
  };
}

/**
 * The live HLS path on this panel's own origin. The status gives an absolute address built from
 * the public host name; the browser plays the same path from the origin it already talks to.
 */
export function liveHlsPath(status: StreamingStatus | undefined, login: string): string {
  const given = status?.obs_stream.hls_url;
  if (given) {
    try {
      const u = new URL(given, window.location.origin);
      if (u.pathname.startsWith('/hls/')) return u.pathname + u.search;
    } catch {
      // not a URL: fall back to the naming convention
    }
  }
  return `/hls/${encodeURIComponent(`${login}_live`)}.m3u8`;
}
