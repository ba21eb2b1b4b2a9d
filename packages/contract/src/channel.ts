import { z } from 'zod';
import { msg } from './messages.ts';
import { coded, codedIssue } from './coded.ts';
import { videoSchema, type Video } from './library.ts';

/*
 * The 24/7 channel: playlists, the playlist broadcast (playout), commercials and the
 * schedule calendar. Every call needs the session; everything is scoped to the acting
 * account and another account's ids answer 404. Errors are { success: false, error }.
 *
 *   GET    /api/playlists                     → Playlist[] (newest first)
 *   POST   /api/playlists         {nome}      → Playlist                                   400
 *   PUT    /api/playlists/{id}    {nome?, videos?:[{id, ordem}]}
 *                                             → { success, message, playlist: Playlist }   400 404 422
 *          videos replaces the entries in `ordem` order; each must be a candidate video
 *          (MP4, compatible or optimised, bitrate 0 or within the plan) of the account,
 *          once. On air, the new order plays from the next video on.
 *   DELETE /api/playlists/{id}                → { success, message }                      404 409 (on air)
 *          its bookings and commercial configs go with it
 *   GET    /api/playlists/{id}/videos         → PlaylistEntry[] in order                  404
 *
 *   POST   /api/streaming/start  {playlist_id, titulo?, descricao?, platform_ids?, enable_recording?,
 *                                 use_smil?, loop_playlist?}
 *          → { success, message, transmission: {id, titulo}, player_urls: {hls, iframe} }
 *          replaces the playlist on air (never two per account); OBS, while it publishes,
 *          keeps the channel and the playlist waits (`aguardando_obs` … see status)  400 404 422
 *   POST   /api/streaming/stop   {transmission_id?, stream_type?: 'playlist'}
 *   GET    /api/streaming/status → stream_type 'playlist', transmission.codigo_playlist,
 *          playlist_nome, stats, and `playout` (what plays now, skipped files)
 *
 *   GET    /api/comerciais                    → Commercial[]
 *   POST   /api/comerciais        CommercialBody → { success, message, comercial }          400 404 409
 *   PUT    /api/comerciais/{id}   CommercialBody | {ativo} → { success, message, comercial } 400 404 409
 *   DELETE /api/comerciais/{id}               → { success, message }                      404
 *   GET    /api/comerciais/pasta/{folderId}/videos → Video[] of that folder ('Visualizar Comerciais')
 *
 *   GET    /api/agendamentos?mesAno=yyyy-MM   → Booking[] occurring in that month (all without it)
 *   POST   /api/agendamentos      BookingBody → { success, message, agendamento: Booking }  400 404
 *   PUT    /api/agendamentos/{id} BookingBody → { success, message, agendamento: Booking }  400 404
 *   DELETE /api/agendamentos/{id}             → { success, message }                      404
 */

export const PLAYLIST_NAME_MAX = 100;
/** The most entries a playlist may hold. */
export const PLAYLIST_MAX_VIDEOS = 1000;

/** Timings of the Playlists page. */
export const PLAYLIST_TIMINGS = {
  statusPollMs: 30_000,
  afterSaveMs: 1000,
  afterStopMs: 2000,
} as const;

export const COMMERCIALS = {
  quantity: { min: 1, max: 10, default: 1 },
  interval: { min: 1, max: 50, default: 3 },
} as const;

export const playlistSchema = z.object({
  id: z.number(),
  nome: z.string(),
  total_videos: z.number(),
  /** seconds */
  duracao_total: z.number(),
  data_criacao: z.string(),
});
export type Playlist = z.infer<typeof playlistSchema>;

/** One entry of a playlist: its order and the video itself (as the library shows it). */
export const playlistEntrySchema = z.object({
  id: z.number(),
  ordem: z.number(),
  videos: videoSchema,
});
export type PlaylistEntry = z.infer<typeof playlistEntrySchema>;

/** POST /api/playlists (201): the new playlist's fields at the top level, and again as `playlist`. */
export const playlistCreatedSchema = playlistSchema.extend({
  success: z.literal(true),
  message: z.string(),
  playlist: playlistSchema,
});
export const playlistSavedSchema = z.object({ success: z.literal(true), message: z.string(), playlist: playlistSchema });

const playlistName = z
  .string(coded('playlist_name_required'))
  .transform((s) => s.normalize('NFC').trim())
  .pipe(z.string().min(1, coded('playlist_name_required')).max(PLAYLIST_NAME_MAX, coded('playlist_name_too_long')));

export const createPlaylistBody = z.object({ nome: playlistName });

export const updatePlaylistBody = z.object({
  nome: playlistName.optional(),
  videos: z
    .array(
      z.object({
        id: z.coerce.number(coded('invalid_data')).int(coded('invalid_data')).positive(coded('invalid_data')),
        ordem: z.coerce.number(coded('invalid_data')).int(coded('invalid_data')).min(0, coded('invalid_data')),
      }),
      coded('invalid_data'),
    )
    .max(PLAYLIST_MAX_VIDEOS, coded('playlist_too_long'))
    .optional(),
});
export type UpdatePlaylistBody = z.infer<typeof updatePlaylistBody>;

/**
 * Whether a video may join a playlist: MP4, compatible or optimised, bitrate 0 (unknown) or
 * within the plan's limit. The server applies the same rule.
 */
export function isPlaylistCandidate(v: Pick<Video, 'is_mp4' | 'bitrate_video' | 'compativel'>, limitKbps: number): boolean {
  return v.is_mp4 && (v.bitrate_video === 0 || v.bitrate_video <= limitKbps) && (v.compativel === 'sim' || v.compativel === 'otimizado');
}

/**
 * Why a video cannot play in a playlist broadcast (as an entry or as a commercial), or null
 * when it can: the page shows it beside the video, the server answers it to a refused save.
 */
export function candidateRefusal(
  v: Pick<Video, 'is_mp4' | 'bitrate_video' | 'compativel' | 'compatibility_status'>, limitKbps: number,
  texts: RefusalTexts = msg,
): string | null {
  if (isPlaylistCandidate(v, limitKbps)) return null;
  if (!v.is_mp4) return texts.playlistVideoNotMp4;
  if (v.bitrate_video > limitKbps) return texts.playlistVideoBitrate(v.bitrate_video, limitKbps);
  if (v.compatibility_status === 'other') return texts.compatibilityChecking;
  return texts.playlistVideoIncompatible;
}

/** The messages a refusal is written with: `msg`'s (the server's Portuguese), or a translation of them. */
export interface RefusalTexts {
  playlistVideoNotMp4: string;
  playlistVideoBitrate: (kbps: number, limit: number) => string;
  compatibilityChecking: string;
  playlistVideoIncompatible: string;
}

/** POST /api/streaming/start for a playlist (the spec's body; loop on, recording off). */
export const startPlaylistBody = z.object({
  playlist_id: z.coerce.number(coded('select_playlist')).int(coded('select_playlist')).positive(coded('select_playlist')),
  titulo: z.string().trim().max(120, coded('title_too_long')).optional(),
  descricao: z.string().max(2000).optional(),
  platform_ids: z.array(z.string()).max(0, coded('invalid_platform')).optional().default([]),
  enable_recording: z.boolean().optional().default(false),
  use_smil: z.boolean().optional().default(true),
  loop_playlist: z.boolean().optional().default(true),
});
export type StartPlaylistBody = z.infer<typeof startPlaylistBody>;

export const commercialSchema = z.object({
  id: z.number(),
  id_playlist: z.number(),
  nome_playlist: z.string(),
  id_folder_comerciais: z.number(),
  nome_pasta: z.string(),
  /** Videos of the folder that can play as commercials (the playlist rule). */
  videos_pasta: z.number(),
  quantidade_comerciais: z.number(),
  intervalo_videos: z.number(),
  ativo: z.boolean(),
});
export type Commercial = z.infer<typeof commercialSchema>;
export const commercialSavedSchema = z.object({ success: z.literal(true), message: z.string(), comercial: commercialSchema });

const ranged = (min: number, max: number, tooMany: ReturnType<typeof coded>) =>
  z.coerce.number(coded('commercial_range')).int(coded('commercial_range')).min(min, coded('commercial_range')).max(max, tooMany);

export const commercialBody = z.object({
  id_playlist: z.coerce.number(coded('commercial_required')).int(coded('commercial_required')).positive(coded('commercial_required')),
  id_folder_comerciais: z.coerce.number(coded('commercial_required')).int(coded('commercial_required')).positive(coded('commercial_required')),
  quantidade_comerciais: ranged(COMMERCIALS.quantity.min, COMMERCIALS.quantity.max, coded('commercial_quantity_max')),
  intervalo_videos: ranged(COMMERCIALS.interval.min, COMMERCIALS.interval.max, coded('commercial_interval_max')),
  ativo: z.boolean(coded('invalid_data')).optional().default(true),
});
export type CommercialBody = z.infer<typeof commercialBody>;
export const commercialToggleBody = z.object({ ativo: z.boolean(coded('invalid_data')) }).strict();

export const FREQUENCIES = ['diariamente', 'dias_da_semana', 'uma_vez'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<Frequency, string> = {
  diariamente: 'Diariamente',
  dias_da_semana: 'Dias da Semana',
  uma_vez: 'Somente uma vez',
};
/** Weekday indexes 0 (Sunday) to 6 (Saturday). */
export const WEEKDAY_SHORT = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;
export const WEEKDAY_NAMES = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'] as const;

/** A booking as the calendar reads it; dates and times in the account's time zone. */
const yesNo = z.enum(['sim', 'nao']);
export const bookingSchema = z.object({
  id: z.number(),
  /** yyyy-MM-dd: the first day */
  data: z.string(),
  id_playlist: z.number(),
  nome_playlist_principal: z.string(),
  shuffle: yesNo,
  frequencia: z.enum(FREQUENCIES),
  dias_semana: z.array(z.number()),
  finalizacao: yesNo,
  nome_playlist_finalizacao: z.string().nullable(),
  codigo_playlist_finalizacao: z.number().nullable(),
  /** yyyy-MM-dd HH:mm:ss */
  inicio: z.string(),
  /** Days (yyyy-MM-dd) of the asked month on which it starts; every day it occurs on without mesAno, up to the month's end. */
  dias: z.array(z.string()),
  /** The last time the scheduler started it, and how late (seconds) that was. */
  ultima_execucao: z.string().nullable(),
  atraso_segundos: z.number().nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;
export const bookingSavedSchema = z.object({ success: z.literal(true), message: z.string(), agendamento: bookingSchema });

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const START_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/;

export const bookingBody = z
  .object({
    data: z.string(coded('booking_date_required')).trim().regex(DATE_RE, coded('booking_date_required')).optional(),
    id_playlist: z.coerce.number(coded('select_playlist')).int(coded('select_playlist')).positive(coded('select_playlist')),
    shuffle: z.boolean(coded('invalid_data')).optional().default(false),
    frequencia: z.enum(FREQUENCIES, coded('booking_frequency_invalid')),
    finalizacao: z.boolean(coded('invalid_data')).optional().default(false),
    id_playlist_finalizacao: z.coerce.number().int().positive().nullable().optional().default(null),
    inicio: z.string(coded('booking_date_required')).trim().regex(START_RE, coded('booking_date_required')),
    dias_semana: z.array(z.coerce.number().int().min(0).max(6), coded('booking_weekdays_required')).max(7).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.frequencia === 'dias_da_semana' && !b.dias_semana?.length) {
      ctx.addIssue({ ...codedIssue('booking_weekdays_required'), path: ['dias_semana'] });
    }
    if (b.finalizacao && !b.id_playlist_finalizacao) {
      ctx.addIssue({ ...codedIssue('booking_ending_required'), path: ['id_playlist_finalizacao'] });
    }
  });
export type BookingBody = z.infer<typeof bookingBody>;

export const monthQuery = z.object({ mesAno: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, coded('invalid_data')).optional() });
