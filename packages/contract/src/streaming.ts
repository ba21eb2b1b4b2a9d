import { z } from 'zod';
import { msg } from './messages.ts';
import type { PlayoutInfo } from './channel.ts';

/** The RTMP application OBS publishes into and the suffix of every account's stream name. */
export const LIVE_APPLICATION = 'live';
export const streamNameOf = (login: string): string => `${login}_live`;
/** What OBS puts in its "Chave de transmissão": the stream name and the account's secret. */
export const streamKeyOf = (login: string, secret: string): string => `${streamNameOf(login)}?key=${secret}`;

/** The ten restream destinations, with their real ingest addresses. */
export const PLATFORMS = [
  { id: 'youtube', nome: 'YouTube', rtmp_base_url: 'rtmp://a.rtmp.youtube.com/live2' },
  { id: 'facebook', nome: 'Facebook', rtmp_base_url: 'rtmps://live-api-s.facebook.com:443/rtmp/' },
  { id: 'instagram', nome: 'Instagram', rtmp_base_url: 'rtmps://live-upload.instagram.com:443/rtmp/' },
  { id: 'twitch', nome: 'Twitch', rtmp_base_url: 'rtmp://live.twitch.tv/app' },
  { id: 'kick', nome: 'Kick', rtmp_base_url: 'rtmps://fa723fc1b171.global-contribute.live-video.net/app' },
  { id: 'x', nome: 'X (Twitter)', rtmp_base_url: 'rtmp://ca.pscp.tv:80/x' },
  { id: 'vimeo', nome: 'Vimeo', rtmp_base_url: 'rtmp://rtmp.cloud.vimeo.com/live' },
  { id: 'steam', nome: 'Steam', rtmp_base_url: 'rtmp://ingest-rtmp.broadcast.steamcontent.com/app' },
  { id: 'restream', nome: 'Restream.io', rtmp_base_url: 'rtmp://live.restream.io/live' },
  { id: 'custom', nome: 'RTMP Próprio', rtmp_base_url: '' },
] as const;
export type PlatformId = (typeof PLATFORMS)[number]['id'];
const platformIds = PLATFORMS.map((p) => p.id) as [PlatformId, ...PlatformId[]];

export const TRANSMISSION_TYPES = ['obs', 'playlist', 'relay'] as const;
export type TransmissionType = (typeof TRANSMISSION_TYPES)[number];

export const PLAYER_TYPES = ['videojs', 'hlsjs', 'clappr'] as const;
export type PlayerType = (typeof PLAYER_TYPES)[number];
export const WATERMARK_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];
export const WATERMARK_OPACITY = { min: 10, max: 100, default: 50 } as const;

/** The player iframe sends a heartbeat this often; a session without one for VIEWER_TIMEOUT_MS is over. */
export const VIEWER_HEARTBEAT_MS = 10_000;
export const VIEWER_TIMEOUT_MS = 30_000;
/** How long an owner's preview grant (GET /api/player-port/previa) holds; the panel renews it well before. */
export const OWNER_PREVIEW_TTL_MS = 6 * 3600_000;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const startBody = z.object({
  titulo: z.string({ error: msg.titleRequired }).trim().min(1, msg.titleRequired).max(120, msg.titleTooLong),
  platform_ids: z
    .array(z.enum(platformIds, { error: msg.invalidPlatform }), { error: msg.invalidPlatform })
    .max(PLATFORMS.length, msg.invalidPlatform)
    .optional()
    .default([]),
});
export type StartBody = z.infer<typeof startBody>;

export const stopBody = z.object({
  transmission_id: z.coerce.number().int().positive().optional(),
  stream_type: z.enum(TRANSMISSION_TYPES, { error: msg.invalidData }).optional(),
});

export const playerSettingsBody = z.object({
  player_type: z.enum(PLAYER_TYPES, { error: msg.invalidPlayerType }),
  watermark: z.object({
    enabled: z.boolean({ error: msg.invalidData }),
    logo_id: z.number({ error: msg.logoNotFound }).int(msg.logoNotFound).positive(msg.logoNotFound).nullable().optional().default(null),
    position: z.enum(WATERMARK_POSITIONS, { error: msg.invalidWatermarkPosition }),
    opacity: z
      .number({ error: msg.watermarkOpacityRange })
      .int(msg.watermarkOpacityRange)
      .min(WATERMARK_OPACITY.min, msg.watermarkOpacityRange)
      .max(WATERMARK_OPACITY.max, msg.watermarkOpacityRange),
  }, { error: msg.invalidData }),
});
export type PlayerSettingsBody = z.infer<typeof playerSettingsBody>;

export interface PlayerSettings {
  player_type: PlayerType;
  watermark: { enabled: boolean; logo_id: number | null; logo_url: string | null; position: WatermarkPosition; opacity: number };
}

export const DEFAULT_PLAYER_SETTINGS: PlayerSettings = {
  player_type: 'videojs',
  watermark: { enabled: false, logo_id: null, logo_url: null, position: 'bottom-right', opacity: WATERMARK_OPACITY.default },
};

/** What the player iframe posts while it plays (public: no token, the login names the channel). */
export const heartbeatBody = z.object({
  login: z.string().min(1).max(64),
  session: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/).optional(),
  stream: z.string().max(80).optional(),
  vod: z.string().max(500).optional(),
  playlist: z.string().max(40).optional(),
});

/** The player iframe's query. */
export const playerQuery = z.object({
  login: z.string().min(1).max(64),
  stream: z.string().max(80).optional(),
  vod: z.string().max(500).optional(),
  playlist: z.string().max(40).optional(),
  player: z.enum(PLAYER_TYPES).optional(),
  contador: z.enum(['true', 'false']).optional(),
  compartilhamento: z.enum(['true', 'false']).optional(),
});
export type PlayerQuery = z.infer<typeof playerQuery>;

/** GET /api/streaming/status, every figure measured. */
export interface StreamStats { viewers: number; bitrate: number; uptime: string }
export interface ObsStream {
  is_live: boolean;
  streamName: string;
  viewers: number;
  bitrate: number;
  uptime: string;
  uptime_seconds: number;
  recording: boolean;
  bitrate_limit: number;
  bitrate_exceeded: boolean;
  aviso: string | null;
  hls_url: string;
}
export interface WowzaInfo { connection_error: boolean; total_streams: number; user_streams: number }
export interface TransmissionInfo {
  id: number;
  titulo: string;
  tipo: TransmissionType;
  codigo_playlist: number | null;
  playlist_nome: string | null;
  data_inicio: string | null;
  platform_ids: (string | number)[];
  stats: StreamStats;
}
export interface StatusResponse {
  success: true;
  is_live: boolean;
  stream_type: TransmissionType | null;
  transmission: TransmissionInfo | null;
  aguardando_obs: { titulo: string } | null;
  obs_stream: ObsStream;
  wowza_info: WowzaInfo;
  /** Every platform: asked for by the current broadcast (enabled) and what it really receives. */
  platforms: PlatformStatus[];
  /** The playlist broadcast of the account (on air or waiting for OBS to finish), else null. */
  playout: (PlayoutInfo & { transmission_id: number; codigo_playlist: number | null; playlist_nome: string | null }) | null;
}

export interface PlatformStatus {
  id: PlatformId;
  name: string;
  enabled: boolean;
  status: 'disconnected' | 'connecting' | 'connected' | 'error';
}
