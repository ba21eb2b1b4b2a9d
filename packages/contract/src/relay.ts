import { z } from 'zod';
import { noControlChars } from './control-chars.ts';
import { coded } from './coded.ts';

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
 *   POST /api/relay/stop                       → { success, message }  404 relay_not_active
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
  url: z.string(coded('relay_url_required')).trim().max(RELAY_URL_MAX, coded('relay_url_form')).optional().default(''),
  /** The type chosen on the page; absent: inferred from the address. */
  relay_type: z.enum(RELAY_TYPES, coded('relay_url_form')).optional(),
});
export type RelayValidateBody = z.infer<typeof relayValidateBody>;

export const relayStartBody = z.object({
  // the source address ends up in the worker's ffmpeg argv
  relay_url: noControlChars(z.string(coded('relay_url_required')).trim().min(1, coded('relay_url_required')).max(RELAY_URL_MAX, coded('relay_url_form'))),
  /** Absent: inferred from the address. */
  relay_type: z.enum(RELAY_TYPES, coded('relay_url_form')).optional(),
  /** The relay always runs on the node that hosts the account's channel; a given id is not used. */
  server_id: z.union([z.number(), z.string()]).nullable().optional(),
  /** Records this relay into the library (recordings.ts); a relay is recorded only when chosen. */
  enable_recording: z.boolean(coded('invalid_data')).optional(),
});
export type RelayStartBody = z.infer<typeof relayStartBody>;

export const relayValidateResponseSchema = z.object({
  valid: z.boolean(),
  message: z.string(),
});
export type RelayValidateResponse = z.infer<typeof relayValidateResponseSchema>;

/** ativo while the relay should run (on air, connecting, reconnecting, or waiting for OBS); erro when it ended in error. */
export const RELAY_STATUS_VALUES = ['ativo', 'erro', 'inativo'] as const;
export type RelayStatusValue = (typeof RELAY_STATUS_VALUES)[number];
/** What the worker observes of an active relay. */
export const RELAY_STATES = ['starting', 'live', 'reconnecting', 'failing', 'held'] as const;
export type RelayState = (typeof RELAY_STATES)[number];

export const relayStatusSchema = z.object({
  success: z.literal(true),
  relay_status: z.enum(RELAY_STATUS_VALUES),
  relay_url: z.string().nullable(),
  relay_type: z.enum(RELAY_TYPES).nullable(),
  /** When it was activated. */
  relay_started_at: z.string().nullable(),
  /** The channel's current viewers. */
  viewers: z.number(),
  /** kbps reaching the channel now, measured by the media server. */
  bitrate: z.number(),
  /** On air since the relay first delivered the picture, HH:MM:SS. */
  uptime: z.string(),
  uptime_seconds: z.number(),
  /** Why it ended in error or keeps failing (Portuguese), or what it waits for (reconnecting, held by OBS). */
  relay_error_details: z.string().nullable(),
  /** An error's catalogue code and its message's values (the panel writes the reason in its user's language); null otherwise. */
  relay_error_code: z.string().nullable(),
  relay_error_values: z.record(z.string(), z.unknown()).nullable(),
  estado: z.enum(RELAY_STATES).nullable(),
});
export type RelayStatus = z.infer<typeof relayStatusSchema>;

/** POST /api/relay/start; aguardando_obs: OBS publishes on the channel, so the relay waits for it to stop. */
export const relayStartResponseSchema = z.object({ success: z.literal(true), message: z.string(), aguardando_obs: z.boolean() });
export const relayStopResponseSchema = z.object({ success: z.literal(true), message: z.string() });
