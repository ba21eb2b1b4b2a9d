import { z } from 'zod';
import { noControlChars } from './control-chars.ts';
import { coded } from './coded.ts';
import { PLATFORMS, type PlatformId } from './streaming.ts';

/** The longest a live may run. */
export const LIVE_MAX_HOURS = 24;

/** Status codes of a live record; the worker's observed state decides which applies. */
export const LIVE_STATUS = { transmitting: 1, scheduled: 2, error: 3, finished: 0 } as const;

/** A platform as the dashboard and the status show it: what it really receives now. */
export type PlatformState = 'disconnected' | 'connecting' | 'connected' | 'error';

/** What the status column says for each observed state. */
export const LIVE_STATE_TEXT = {
  live: 'Transmitindo',
  scheduled: 'Agendada',
  starting: 'Conectando...',
  reconnecting: 'Reconectando...',
  // restarted over and over, still retried: shown with the last reason
  failing: 'Falhando',
  error: 'Erro',
  finished: 'Finalizada',
} as const;
export type LiveState = keyof typeof LIVE_STATE_TEXT;

const platformIds = PLATFORMS.map((p) => p.id) as [PlatformId, ...PlatformId[]];
const text = (max: number) => z.string(coded('live_required')).trim().max(max, coded('invalid_data'));

/** POST /api/streaming/start-live: the 'Cadastrar Live' form, dates as dd/mm/yyyy hh:mm. */
export const startLiveBody = z.object({
  tipo: z.enum(platformIds, coded('invalid_platform')),
  // the server, the key and the source end up in the worker's ffmpeg argv
  servidor_rtmp: noControlChars(text(500).min(1, coded('live_required'))),
  servidor_rtmp_chave: noControlChars(text(500).min(1, coded('live_required'))),
  servidor_stm: noControlChars(z.string(coded('live_source_invalid')).trim().min(1, coded('live_source_invalid'))),
  data_inicio: z.string().trim().optional().default(''),
  data_fim: text(16).min(1, coded('live_required')),
  inicio_imediato: z.enum(['sim', 'nao'], coded('invalid_data')).optional().default('sim'),
});
export type StartLiveBody = z.infer<typeof startLiveBody>;

const liveStates = Object.keys(LIVE_STATE_TEXT) as [LiveState, ...LiveState[]];

/** One row of GET /api/streaming/lives. */
export const liveRecordSchema = z.object({
  id: z.number(),
  data_inicio: z.string(),
  data_fim: z.string(),
  tipo: z.string(),
  servidor_stm: z.string(),
  /** The destination with the key masked. */
  servidor_live: z.string(),
  status: z.number(),
  data_inicio_formatted: z.string(),
  data_fim_formatted: z.string(),
  duracao: z.string(),
  status_text: z.string(),
  platform_name: z.string(),
  /** The observed state behind the status, and the reason of an error (Portuguese). */
  estado: z.enum([...liveStates, 'obs']),
  erro: z.string().nullable(),
  /** The same reason by its catalogue code and its message's values, which the panel writes in its user's language; null without an error. */
  erro_codigo: z.string().nullable(),
  erro_valores: z.record(z.string(), z.unknown()).nullable(),
});
export type LiveRecord = z.infer<typeof liveRecordSchema>;

export const livesResponseSchema = z.object({ success: z.literal(true), lives: z.array(liveRecordSchema) });
export const startLiveResponseSchema = z.object({ success: z.literal(true), message: z.string(), live: z.object({ id: z.number() }) });
