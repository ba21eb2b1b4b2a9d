import { z } from 'zod';
import { coded } from './coded.ts';

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

/**
 * Why a broadcast ended, as stored (`transmissions.end_reason`) and answered beside its text
 * (`motivo_fim_codigo`). 'source_error': its source (playlist, relay, standby) stopped with an
 * error, whose text the broadcast keeps (`end_detail`).
 */
export const END_REASON_CODES = [
  'no_signal', 'account_disabled', 'ended_by_user', 'signal_ended', 'replaced', 'key_regenerated', 'expired', 'source_error',
] as const;
export type EndReason = (typeof END_REASON_CODES)[number];
/** The Portuguese text of each reason (the one the panel always showed); a source's error is its own text. */
export const END_REASON_TEXTS: Record<Exclude<EndReason, 'source_error'>, string> = {
  no_signal: 'sem sinal',
  account_disabled: 'conta desativada',
  ended_by_user: 'finalizada pelo usuário',
  signal_ended: 'fim do sinal',
  replaced: 'substituída',
  key_regenerated: 'chave regenerada',
  expired: 'expirada',
};
/** The Portuguese text of a stored reason: the catalogue's, or the source's own error. */
export function endReasonText(code: EndReason, detail: string | null): string {
  return code === 'source_error' ? (detail ?? '') : END_REASON_TEXTS[code];
}

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
  titulo: z.string(coded('title_required')).trim().min(1, coded('title_required')).max(120, coded('title_too_long')),
  platform_ids: z
    .array(z.enum(platformIds, coded('invalid_platform')), coded('invalid_platform'))
    .max(PLATFORMS.length, coded('invalid_platform'))
    .optional()
    .default([]),
  /** Records this broadcast into the library (true), or not (false), whatever the account's setting (recordings.ts). */
  enable_recording: z.boolean().optional(),
});
export type StartBody = z.infer<typeof startBody>;

export const stopBody = z.object({
  transmission_id: z.coerce.number().int().positive().optional(),
  stream_type: z.enum(TRANSMISSION_TYPES, coded('invalid_data')).optional(),
});

export const playerSettingsBody = z.object({
  player_type: z.enum(PLAYER_TYPES, coded('invalid_player_type')),
  watermark: z.object({
    enabled: z.boolean(coded('invalid_data')),
    logo_id: z.number(coded('logo_not_found')).int(coded('logo_not_found')).positive(coded('logo_not_found')).nullable().optional().default(null),
    position: z.enum(WATERMARK_POSITIONS, coded('invalid_watermark_position')),
    opacity: z
      .number(coded('watermark_opacity_range'))
      .int(coded('watermark_opacity_range'))
      .min(WATERMARK_OPACITY.min, coded('watermark_opacity_range'))
      .max(WATERMARK_OPACITY.max, coded('watermark_opacity_range')),
  }, coded('invalid_data')),
});
export type PlayerSettingsBody = z.infer<typeof playerSettingsBody>;

export const playerSettingsSchema = z.object({
  player_type: z.enum(PLAYER_TYPES),
  watermark: z.object({
    enabled: z.boolean(),
    logo_id: z.number().nullable(),
    logo_url: z.string().nullable(),
    position: z.enum(WATERMARK_POSITIONS),
    opacity: z.number(),
  }),
});
export type PlayerSettings = z.infer<typeof playerSettingsSchema>;

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
export const streamStatsSchema = z.object({ viewers: z.number(), bitrate: z.number(), uptime: z.string() });
export type StreamStats = z.infer<typeof streamStatsSchema>;

export const obsStreamSchema = z.object({
  is_live: z.boolean(),
  streamName: z.string(),
  viewers: z.number(),
  bitrate: z.number(),
  uptime: z.string(),
  uptime_seconds: z.number(),
  /** A recording of this broadcast is being made (recordings.ts). */
  recording: z.boolean(),
  bitrate_limit: z.number(),
  bitrate_exceeded: z.boolean(),
  aviso: z.string().nullable(),
  hls_url: z.string(),
});
export type ObsStream = z.infer<typeof obsStreamSchema>;

export const wowzaInfoSchema = z.object({ connection_error: z.boolean(), total_streams: z.number(), user_streams: z.number() });
export type WowzaInfo = z.infer<typeof wowzaInfoSchema>;

export const transmissionInfoSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  tipo: z.enum(TRANSMISSION_TYPES),
  codigo_playlist: z.number().nullable(),
  playlist_nome: z.string().nullable(),
  data_inicio: z.string().nullable(),
  platform_ids: z.array(z.union([z.string(), z.number()])),
  stats: streamStatsSchema,
});
export type TransmissionInfo = z.infer<typeof transmissionInfoSchema>;

export const PLATFORM_STATES = ['disconnected', 'connecting', 'connected', 'error'] as const;

export const platformStatusSchema = z.object({
  id: z.enum(platformIds),
  name: z.string(),
  enabled: z.boolean(),
  status: z.enum(PLATFORM_STATES),
});
export type PlatformStatus = z.infer<typeof platformStatusSchema>;

/** What the playout reports in the status while a playlist is on air. */
export const playoutInfoSchema = z.object({
  /** The video on air now (a commercial is marked), null between videos. */
  atual: z.object({ video_id: z.number(), nome: z.string(), comercial: z.boolean(), inicio: z.string() }).nullable(),
  /** How many videos it has played since the broadcast began. */
  reproduzidos: z.number(),
  /** Files it skipped because they were missing or unreadable (latest first, at most 5). */
  ignorados: z.array(z.object({ nome: z.string(), motivo: z.string(), em: z.string() })),
  /** The playlist waits while OBS holds the channel. */
  aguardando_obs: z.boolean(),
  /**
   * The playout keeps failing (restarted over and over): why (Portuguese, and by its catalogue
   * code and the code's values, which the panel writes in its user's language), and since when.
   * The panel still retries with back-off; while this is set the channel is not shown as on air.
   */
  falha: z.object({
    motivo: z.string(),
    codigo: z.string().nullable(),
    valores: z.record(z.string(), z.unknown()).nullable(),
    desde: z.string(),
  }).nullable(),
});
export type PlayoutInfo = z.infer<typeof playoutInfoSchema>;

export const statusResponseSchema = z.object({
  success: z.literal(true),
  is_live: z.boolean(),
  stream_type: z.enum(TRANSMISSION_TYPES).nullable(),
  transmission: transmissionInfoSchema.nullable(),
  aguardando_obs: z.object({ titulo: z.string() }).nullable(),
  obs_stream: obsStreamSchema,
  wowza_info: wowzaInfoSchema,
  /** Every platform: asked for by the current broadcast (enabled) and what it really receives. */
  platforms: z.array(platformStatusSchema),
  /**
   * The standby signal of the OBS broadcast on air (fallback.ts): armed while OBS publishes, on
   * air (no_ar) while OBS is away. Null when the broadcast has none.
   */
  sinal_reserva: z.object({ tipo: z.enum(['imagem', 'playlist']), no_ar: z.boolean() }).nullable(),
  /** The playlist broadcast of the account (on air or waiting for OBS to finish), else null. */
  playout: playoutInfoSchema.extend({
    transmission_id: z.number(), codigo_playlist: z.number().nullable(), playlist_nome: z.string().nullable(),
  }).nullable(),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;

export const obsStatusResponseSchema = z.object({ success: z.literal(true), obs_stream: obsStreamSchema, wowza_info: wowzaInfoSchema });

/** The channel's addresses for players: the HLS playlist and the panel's player page. */
export const playerUrlsSchema = z.object({ hls: z.string(), iframe: z.string() });

/** A platform's restream as a start connected it (error: why it did not). */
export const connectedPlatformSchema = z.object({ id: z.string(), name: z.string(), status: z.enum(PLATFORM_STATES), error: z.string().nullable() });

/** What OBS needs (and the bitrate it sends now); a 409 "OBS is not publishing" carries it too. */
export const wowzaDataSchema = z.object({
  rtmpUrl: z.string(), streamName: z.string(), streamKey: z.string(), bitrate: z.number(), bitrate_limit: z.number(),
});

/**
 * POST /api/streaming/start: OBS on air (its new title, platforms and publishing data), or a
 * playlist started (aguardando_obs: it waits while OBS holds the channel).
 */
export const startResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  transmission: z.object({ id: z.number(), titulo: z.string() }),
  player_urls: playerUrlsSchema,
  aguardando_obs: z.boolean().optional(),
  platforms: z.array(connectedPlatformSchema).optional(),
  wowza_data: wowzaDataSchema.optional(),
});

export const platformsResponseSchema = z.object({
  success: z.literal(true),
  platforms: z.array(z.object({ id: z.enum(platformIds), nome: z.string(), rtmp_base_url: z.string() })),
});

export const sourceUrlsResponseSchema = z.object({
  success: z.literal(true),
  source_urls: z.object({ http_m3u8: z.string(), rtmp: z.string() }),
});
export type SourceUrlsResponse = z.infer<typeof sourceUrlsResponseSchema>;

export const cleanupResponseSchema = z.object({ success: z.literal(true), cleaned_count: z.number() });

export const transmissionRecordSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  tipo: z.enum(TRANSMISSION_TYPES),
  status: z.string(),
  data_inicio: z.string().nullable(),
  data_fim: z.string().nullable(),
  /** Seconds on air. */
  duracao: z.number(),
  duracao_formatada: z.string(),
  /** The reason's text in Portuguese (kept for existing clients); the code is beside it. */
  motivo_fim: z.string().nullable(),
  motivo_fim_codigo: z.enum(END_REASON_CODES).nullable(),
  pico_bitrate: z.number().nullable(),
  pico_espectadores: z.number().nullable(),
  platform_ids: z.array(z.string()),
});
export type TransmissionRecord = z.infer<typeof transmissionRecordSchema>;
export const transmissionsResponseSchema = z.object({ success: z.literal(true), transmissions: z.array(transmissionRecordSchema) });

const rtmpDataSchema = z.object({
  servidor: z.string(),
  /** The whole stream key OBS needs: {login}_live?key={secret} */
  chave: z.string(),
  stream_name: z.string(),
});

/** GET /api/dados-conexao: what OBS and an FTP client need. */
export const connectionDataSchema = z.object({
  success: z.literal(true),
  ftp: z.object({ host: z.string(), usuario: z.string(), senha: z.string(), porta: z.number() }),
  rtmp: rtmpDataSchema,
  hls_url: z.string(),
  /** The SRT address OBS publishes to (server = this URL, no key), or null while SRT is off (GET/PUT /api/srt). */
  srt_url: z.string().nullable(),
});
export type ConnectionData = z.infer<typeof connectionDataSchema>;

/*
 * SRT ingest. Every call needs the session and acts on the signed-in account.
 *
 *   GET /api/srt                → SrtConfig
 *   PUT /api/srt  {ativo}       → SrtConfig                                        400, 409 srt_ports_exhausted
 *
 * On, the account gets a UDP port of its server's SRT range (kept when turned off) and its server
 * listens there with the stream key's secret as the passphrase; the picture enters the same
 * channel as RTMP.
 */
export const srtConfigBody = z.object({ ativo: z.boolean(coded('invalid_data')) });
export type SrtConfigBody = z.infer<typeof srtConfigBody>;

export const srtConfigSchema = z.object({
  success: z.literal(true),
  ativo: z.boolean(),
  /** The account's UDP port, null while off. */
  porta: z.number().nullable(),
  /** srt://host:port?passphrase=…&latency=… (latency in microseconds, as OBS and ffmpeg read it), null while off. */
  srt_url: z.string().nullable(),
  /** The receiver latency the server asks for (SRT_LATENCY_MS). */
  latencia_ms: z.number(),
});
export type SrtConfig = z.infer<typeof srtConfigSchema>;

export const regenerateKeyResponseSchema = z.object({ success: z.literal(true), message: z.string(), rtmp: rtmpDataSchema });
export type RegenerateKeyResponse = z.infer<typeof regenerateKeyResponseSchema>;
