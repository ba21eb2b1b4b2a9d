import { z } from 'zod';
import { noControlChars } from './control-chars.ts';
import { msg } from './messages.ts';

/*
 * Relay: an external live (RTMP, or an HLS playlist over https) pulled by the media worker
 * and published into the account's own channel ({login}_live), so the player, the dashboard
 * and the restreams carry it like any other source. Every call needs the session and acts
 * on the acting account only. Errors are { success: false, error }.
 *
 *   GET  /api/relay/status                    → RelayStatus
 *   POST /api/relay/validate-url {url, relay_type?} → { valid, message }  (a verdict, not an error status)
 *   POST /api/relay/start {relay_url, relay_type?, server_id?}
 *                                              → { success, message, aguardando_obs }  400 (form, address, offline, codec) 429
 *        replaces the account's relay or playlist broadcast; while OBS publishes, the relay waits
 *   POST /api/relay/stop                       → { success, message }  404 msg.relayNotActive
 */

export const RELAY_TYPES = ['rtmp', 'm3u8'] as const;
export type RelayType = (typeof RELAY_TYPES)[number];

/** Timings of the Relay page. */
export const RELAY_TIMINGS = {
  /** Server validation runs this long after the typing stops. */
  validateDelayMs: 2000,
  /** The status reloads this often while the relay is active. */
  statusPollMs: 30_000,
  /** …and this often while it connects or reconnects, so the banner follows it closely. */
  connectingPollMs: 2000,
} as const;

/** The longest address accepted. */
export const RELAY_URL_MAX = 2000;

/** The type an address implies: one containing '.m3u8' is HLS, one starting with rtmp is RTMP; else none. */
export function inferRelayType(url: string): RelayType | null {
  const u = url.trim().toLowerCase();
  if (u.includes('.m3u8')) return 'm3u8';
  if (u.startsWith('rtmp')) return 'rtmp';
  return null;
}

export const relayValidateBody = z.object({
  url: z.string({ error: msg.relayUrlRequired }).trim().max(RELAY_URL_MAX, msg.relayUrlForm).optional().default(''),
  /** The type chosen on the page; absent: inferred from the address. */
  relay_type: z.enum(RELAY_TYPES, { error: msg.relayUrlForm }).optional(),
});
export type RelayValidateBody = z.infer<typeof relayValidateBody>;

export const relayStartBody = z.object({
  // the source address ends up in the worker's ffmpeg argv
  relay_url: noControlChars(z.string({ error: msg.relayUrlRequired }).trim().min(1, msg.relayUrlRequired).max(RELAY_URL_MAX, msg.relayUrlForm)),
  /** Absent: inferred from the address. */
  relay_type: z.enum(RELAY_TYPES, { error: msg.relayUrlForm }).optional(),
  /** The relay always runs on the node that hosts the account's channel; a given id is not used. */
  server_id: z.union([z.number(), z.string()]).nullable().optional(),
});
export type RelayStartBody = z.infer<typeof relayStartBody>;

export interface RelayValidateResponse {
  valid: boolean;
  message: string;
}

/** ativo while the relay should run (on air, connecting, reconnecting, or waiting for OBS); erro when it ended in error. */
export type RelayStatusValue = 'ativo' | 'erro' | 'inativo';
/** What the worker observes of an active relay. */
export type RelayState = 'starting' | 'live' | 'reconnecting' | 'failing' | 'held';

export interface RelayStatus {
  success: true;
  relay_status: RelayStatusValue;
  relay_url: string | null;
  relay_type: RelayType | null;
  /** When it was activated. */
  relay_started_at: string | null;
  /** The channel's current viewers. */
  viewers: number;
  /** kbps reaching the channel now, measured by the media server. */
  bitrate: number;
  /** On air since the relay first delivered the picture, HH:MM:SS. */
  uptime: string;
  uptime_seconds: number;
  relay_error_details: string | null;
  estado: RelayState | null;
}

/** Labels, headings and help of the Relay page. */
export const relayUi = {
  title: 'Relay RTMP/M3U8',
  subtitle: 'Retransmita no seu canal uma transmissão ao vivo externa, em RTMP ou em HLS (M3U8).',
  liveType: 'Relay',
  formTitle: 'Configurar Relay',
  formDescription: 'Informe o endereço da transmissão de origem. O tipo é identificado pelo endereço.',
  urlLabel: 'URL da transmissão de origem',
  urlPlaceholder: 'rtmp://servidor/app/stream ou https://servidor/playlist.m3u8',
  typeLabel: 'Tipo',
  typeRtmp: 'RTMP',
  typeM3u8: 'M3U8 (HLS)',
  validating: 'Verificando a URL...',
  activate: 'Ativar Relay',
  activating: 'Ativando...',
  deactivate: 'Desativar Relay',
  deactivating: 'Desativando...',
  stopConfirm: 'Deseja desativar o relay? O canal deixa de exibir a transmissão de origem.',
  statusTitle: 'Status do Relay',
  statusActive: 'Ativo',
  statusError: 'Erro',
  stateLabels: {
    starting: 'Conectando à fonte...',
    live: 'No ar',
    reconnecting: 'Reconectando...',
    failing: 'Falhando: o relay reinicia sem parar e continua tentando',
    held: 'Aguardando o OBS',
  } as Record<RelayState, string>,
  sourceLabel: 'Origem',
  startedAtLabel: 'Ativado em',
  inactive: 'Nenhum relay ativo. Configure a origem abaixo para retransmiti-la no seu canal.',
  errorTitle: 'O relay parou com erro',
  helpTitle: 'Como funciona o Relay',
  help: [
    'O relay busca a transmissão de origem e a publica no seu canal: o player, o dashboard e as lives para plataformas passam a exibi-la.',
    'Aceita endereços rtmp:// (ou rtmps://) e playlists HLS em https:// terminadas em .m3u8. O vídeo precisa estar em H.264; o áudio é convertido para AAC.',
    'Se a origem cair, o relay tenta reconectar sozinho; depois de 60 minutos sem resposta ele é desativado.',
    'Enquanto o OBS transmite no canal, o relay aguarda e volta quando o OBS parar. Ativar o relay encerra a playlist no ar (ou o relay anterior), e iniciar uma playlist encerra o relay.',
  ],
} as const;
