import { z } from 'zod';
import { coded } from './coded.ts';

/*
 * Audience (Espectadores): the channel's viewer sessions. A session is opened by the player
 * page's heartbeats or by an outside player pulling the channel's HLS playlist, and lasts
 * while either keeps coming (VIEWER_TIMEOUT_MS). Every call needs the session and reads the
 * acting account only. Errors are { success: false, error }.
 *
 *   GET /api/espectadores?periodo=1h|24h|7d|30d      → AudienceResponse
 *   GET /api/espectadores/mapa?periodo=              → AudienceMapResponse
 *   GET /api/espectadores/tempo-real                 → AudienceRealTime
 *   GET /api/espectadores/historico?periodo=&intervalo=1h|5m → AudienceHistoryResponse
 *        (5m only with periodo=1h; absent: 1h, or 5m for periodo=1h)
 *   GET /api/espectadores/exportar?periodo=          → text/csv, UTF-8 with BOM, every session of
 *        the period (not only the listed ones), named audienceCsvName(periodo, date)
 *
 * A bad periodo or intervalo is 400 audience_period. The period 1h holds every session
 * active within the last 60 minutes; 24h, 7d and 30d hold the sessions that began in the whole
 * hours the period touches, plus those still active.
 */

export const AUDIENCE_PERIODS = ['1h', '24h', '7d', '30d'] as const;
export type AudiencePeriod = (typeof AUDIENCE_PERIODS)[number];
export const AUDIENCE_DEFAULT_PERIOD: AudiencePeriod = '24h';
export const AUDIENCE_PERIOD_MS: Record<AudiencePeriod, number> = {
  '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000,
};

export const AUDIENCE_INTERVALS = ['1h', '5m'] as const;
export type AudienceInterval = (typeof AUDIENCE_INTERVALS)[number];

/** Timings and sizes of the Espectadores page. */
export const AUDIENCE = {
  /** The real-time card (and the list's status) reloads this often. */
  realTimePollMs: 30_000,
  /** Entries of the top countries and top devices. */
  topEntries: 5,
  /** The list shows this many sessions, most recent activity first; the CSV has all of them. */
  listMax: 500,
  /** Map points returned, the largest first. */
  mapMax: 500,
  /** Entries of each map of estatisticas (paises, cidades, …), the largest first. */
  statsMax: 100,
  /** Map dot diameter in px, from the smallest count to the largest. */
  dotMinPx: 8,
  dotMaxPx: 24,
} as const;

export const audienceQuery = z.object({
  periodo: z.enum(AUDIENCE_PERIODS, coded('audience_period')).optional().default(AUDIENCE_DEFAULT_PERIOD),
});
export const audienceHistoryQuery = audienceQuery.extend({
  intervalo: z.enum(AUDIENCE_INTERVALS, coded('audience_period')).optional(),
});
export type AudienceQuery = z.infer<typeof audienceQuery>;
export type AudienceHistoryQuery = z.infer<typeof audienceHistoryQuery>;

/** live: the channel's live stream; vod: a library video in a player. */
export type ViewerKind = 'live' | 'vod';
/** player: the panel's player page (heartbeats); hls: an outside player pulling the playlist. */
export type ViewerOrigin = 'player' | 'hls';

export const viewerSchema = z.object({
  id: z.number(),
  /** A keyed hash of the address (of an IPv6's /64): the address itself is never stored. */
  ip_hash: z.string(),
  /** Country name in Portuguese ('Brasil'); 'Desconhecido' when the address has none. */
  pais: z.string(),
  /** ISO 3166 code ('BR'), '' when unknown. */
  codigo_pais: z.string(),
  /** '' when the address locates only a country. */
  cidade: z.string(),
  /** 'Desktop', 'Celular', 'Tablet', 'Smart TV', 'Console' or 'Outro'. */
  dispositivo: z.string(),
  /** 'Chrome', 'Safari', 'VLC', …; 'Desconhecido' when the client says nothing. */
  navegador: z.string(),
  /** Seconds from the first to the last sign of the viewer. */
  tempo_visualizacao: z.number(),
  ativo: z.boolean(),
  tipo: z.enum(['live', 'vod']),
  origem: z.enum(['player', 'hls']),
  /** ISO instants. */
  created_at: z.string(),
  ultima_atividade: z.string(),
});
export type Viewer = z.infer<typeof viewerSchema>;

const counts = z.record(z.string(), z.number());

export const viewerStatsSchema = z.object({
  /** Sessions of the period. */
  total: z.number(),
  /** Sessions active now (live and video). */
  ativos: z.number(),
  /** name → sessions, the largest first (at most AUDIENCE.statsMax entries each). */
  paises: counts,
  /** 'Cidade, País' → sessions. */
  cidades: counts,
  dispositivos: counts,
  navegadores: counts,
  /** Mean watch time of the period's sessions, in seconds. */
  tempoMedio: z.number(),
});
export type ViewerStats = z.infer<typeof viewerStatsSchema>;

export const audienceResponseSchema = z.object({
  success: z.literal(true),
  periodo: z.enum(AUDIENCE_PERIODS),
  /** Most recent activity first, at most AUDIENCE.listMax. */
  espectadores: z.array(viewerSchema),
  estatisticas: viewerStatsSchema,
});
export type AudienceResponse = z.infer<typeof audienceResponseSchema>;

export const audienceMapPointSchema = z.object({
  cidade: z.string(),
  pais: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  count: z.number(),
  ativos: z.number(),
});
export type AudienceMapPoint = z.infer<typeof audienceMapPointSchema>;
export const audienceMapResponseSchema = z.object({ success: z.literal(true), pontos: z.array(audienceMapPointSchema) });
export type AudienceMapResponse = z.infer<typeof audienceMapResponseSchema>;

export const audienceRealTimeSchema = z.object({
  success: z.literal(true),
  /** Viewers of the live stream now: the number the plan's viewer limit applies to. */
  espectadoresAtivos: z.number(),
  /** Viewers of library videos now (not counted against the limit). */
  espectadoresVod: z.number(),
  /** The channel is on air (OBS, playlist or relay). */
  transmissaoAtiva: z.boolean(),
  /** The plan's limit of simultaneous live viewers. */
  limite: z.number(),
  /** ISO instant of the reading. */
  timestamp: z.string(),
});
export type AudienceRealTime = z.infer<typeof audienceRealTimeSchema>;

export const audienceHistoryPointSchema = z.object({
  /** ISO instant the interval begins. */
  timestamp: z.string(),
  /** Sessions that watched during the interval. */
  espectadores: z.number(),
  /** Mean seconds watched within the interval, per viewer. */
  tempoMedio: z.number(),
});
export type AudienceHistoryPoint = z.infer<typeof audienceHistoryPointSchema>;
export const audienceHistoryResponseSchema = z.object({
  success: z.literal(true),
  periodo: z.enum(AUDIENCE_PERIODS),
  intervalo: z.enum(AUDIENCE_INTERVALS),
  historico: z.array(audienceHistoryPointSchema),
});
export type AudienceHistoryResponse = z.infer<typeof audienceHistoryResponseSchema>;

/** The CSV's header row, in the order of its columns. */
export const AUDIENCE_CSV_COLUMNS = ['IP hash', 'País', 'Cidade', 'Dispositivo', 'Navegador', 'Tempo', 'Status', 'Conectado em'] as const;

/** espectadores_24h_2026-11-23.csv: the period and the day (YYYY-MM-DD) of the export. */
export const audienceCsvName = (periodo: AudiencePeriod, date: Date): string =>
  `espectadores_${periodo}_${date.toISOString().slice(0, 10)}.csv`;

/** A watch time as the list and the CSV show it: 45s, 12m 05s, 2h 03m. */
export function formatWatchTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** 'Agora' under a minute, then 'há N min', 'há N h', 'há N dia(s)'. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const s = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (s < 60) return 'Agora';
  const m = Math.floor(s / 60);
  if (m < 60) return `há ${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return `há ${h} h`;
  const d = Math.floor(h / 24);
  return d === 1 ? 'há 1 dia' : `há ${d} dias`;
}

/** Status as the list and the CSV show it. */
export const viewerStatus = (ativo: boolean): string => (ativo ? 'Ativo' : 'Inativo');
