import { z } from 'zod';
import { noControlChars } from './control-chars.ts';
import { msg } from './messages.ts';
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
const text = (max: number) => z.string({ error: msg.liveRequired }).trim().max(max, msg.invalidData);

/** POST /api/streaming/start-live: the 'Cadastrar Live' form, dates as dd/mm/yyyy hh:mm. */
export const startLiveBody = z.object({
  tipo: z.enum(platformIds, { error: msg.invalidPlatform }),
  // the server, the key and the source end up in the worker's ffmpeg argv
  servidor_rtmp: noControlChars(text(500).min(1, msg.liveRequired)),
  servidor_rtmp_chave: noControlChars(text(500).min(1, msg.liveRequired)),
  servidor_stm: noControlChars(z.string({ error: msg.liveSourceInvalid }).trim().min(1, msg.liveSourceInvalid)),
  data_inicio: z.string().trim().optional().default(''),
  data_fim: text(16).min(1, msg.liveRequired),
  inicio_imediato: z.enum(['sim', 'nao'], { error: msg.invalidData }).optional().default('sim'),
});
export type StartLiveBody = z.infer<typeof startLiveBody>;

/** One row of GET /api/streaming/lives. */
export interface LiveRecord {
  id: number;
  data_inicio: string;
  data_fim: string;
  tipo: string;
  servidor_stm: string;
  /** The destination with the key masked. */
  servidor_live: string;
  status: number;
  data_inicio_formatted: string;
  data_fim_formatted: string;
  duracao: string;
  status_text: string;
  platform_name: string;
  /** The observed state behind the status, and the reason of an error. */
  estado: LiveState | 'obs';
  erro: string | null;
}
