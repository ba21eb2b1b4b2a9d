import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PLATFORMS, TIMINGS, TRANSMISSION_TYPES, relayUi, ui, type PlatformId, type StatusResponse, type TransmissionType } from '@painel/contract';
import { apiRequest } from './api-client.ts';
import { useAutoRefresh } from './auto-refresh.ts';

/**
 * GET /api/streaming/status. It lives in lib (not in a feature) because the dashboard, the
 * players page and the live management page all read the same status, and one cache entry
 * means one poll however many of them are mounted.
 */
export const streamingStatusQueryKey = ['streaming', 'status'] as const;

const num = z.number().catch(0);
const str = z.string().catch('');
const stats = z.object({ viewers: num, bitrate: num, uptime: str }).catch({ viewers: 0, bitrate: 0, uptime: '' });

// Lenient: a field the server leaves out keeps a neutral value, so one odd answer never blanks the page.
const statusSchema = z.object({
  is_live: z.boolean().catch(false),
  stream_type: z.enum(TRANSMISSION_TYPES).nullable().catch(null),
  transmission: z
    .object({
      id: z.number(),
      titulo: str,
      tipo: z.enum(TRANSMISSION_TYPES).catch('obs'),
      codigo_playlist: z.number().nullable().catch(null),
      playlist_nome: z.string().nullable().catch(null),
      data_inicio: z.string().nullable().catch(null),
      platform_ids: z.array(z.union([z.string(), z.number()])).catch([]),
      stats,
      stream_name: z.string().optional().catch(undefined),
      hls_url: z.string().optional().catch(undefined),
    })
    .nullable()
    .catch(null),
  aguardando_obs: z.object({ titulo: str }).nullable().catch(null),
  obs_stream: z
    .object({
      is_live: z.boolean().catch(false),
      streamName: str,
      viewers: num,
      bitrate: num,
      uptime: str,
      uptime_seconds: num,
      recording: z.boolean().catch(false),
      bitrate_limit: num,
      bitrate_exceeded: z.boolean().catch(false),
      aviso: z.string().nullable().catch(null),
      hls_url: str,
    })
    .catch({
      is_live: false, streamName: '', viewers: 0, bitrate: 0, uptime: '', uptime_seconds: 0, recording: false,
      bitrate_limit: 0, bitrate_exceeded: false, aviso: null, hls_url: '',
    }),
  wowza_info: z
    .object({ connection_error: z.boolean().catch(false), total_streams: num, user_streams: num })
    .catch({ connection_error: false, total_streams: 0, user_streams: 0 }),
  platforms: z
    .array(z.object({
      id: z.enum(PLATFORMS.map((p) => p.id) as [PlatformId, ...PlatformId[]]),
      name: str,
      enabled: z.boolean().catch(false),
      status: z.enum(['disconnected', 'connecting', 'connected', 'error']).catch('disconnected'),
    }))
    .catch([]),
  playout: z
    .object({
      transmission_id: z.number(),
      codigo_playlist: z.number().nullable().catch(null),
      playlist_nome: z.string().nullable().catch(null),
      atual: z
        .object({ video_id: z.number(), nome: str, comercial: z.boolean().catch(false), inicio: str })
        .nullable()
        .catch(null),
      reproduzidos: num,
      ignorados: z.array(z.object({ nome: str, motivo: str, em: str })).catch([]),
      aguardando_obs: z.boolean().catch(false),
      falha: z.object({ motivo: str, desde: str }).nullable().catch(null),
    })
    .nullable()
    .catch(null),
});

export type StreamingStatus = Omit<StatusResponse, 'transmission'> & {
  transmission: (NonNullable<StatusResponse['transmission']> & { stream_name?: string | undefined; hls_url?: string | undefined }) | null;
};

export async function getStreamingStatus(): Promise<StreamingStatus> {
  const parsed = statusSchema.parse(await apiRequest('/api/streaming/status'));
  return { success: true, ...parsed };
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
  return streamType === 'playlist' ? ui.liveTypePlaylist : streamType === 'relay' ? relayUi.liveType : ui.liveTypeObs;
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
  const given = status?.transmission?.hls_url || status?.obs_stream.hls_url;
  if (given) {
    try {
      const u = new URL(given, window.location.origin);
      if (u.pathname.startsWith('/hls/')) return u.pathname + u.search;
    } catch {
      // not a URL: fall back to the naming convention
    }
  }
  const name = status?.transmission?.stream_name || `${login}_live`;
  return `/hls/${encodeURIComponent(name)}.m3u8`;
}
