import { z } from 'zod';
import { coded, codedIssue } from './coded.ts';
import { noControlChars } from './control-chars.ts';
import { notJson } from './responses/entry.ts';

/*
 * The channel's standby signal ('Sinal reserva'): what the account's channel shows when OBS
 * stops in the middle of a broadcast. Every call needs the session and acts on the acting account.
 *
 *   GET /api/sinal-reserva                                   → FallbackConfig
 *   PUT /api/sinal-reserva {tipo, codigo_playlist?, texto?}  → FallbackConfig          400 404 422
 *   GET /api/sinal-reserva/imagem                            → image/png (the slate's picture) 404
 *
 * tipo 'nenhum': the channel goes off when OBS stops (as without this setting).
 * tipo 'imagem': a slate, the channel's logo above `texto`, made into video by the server.
 * tipo 'playlist': the playlist `codigo_playlist` (the 24/7 channel).
 *
 * While OBS is on air the standby source waits, held; when OBS stops it takes the channel within
 * a few seconds (HLS players go on without a reload, restreams keep sending), and when OBS comes
 * back it takes the channel again. The standby broadcast ends when the owner finishes it in the
 * panel; a slate also ends by itself after FALLBACK_SLATE_MAX_MINUTES without OBS.
 */

export const FALLBACK_TYPES = ['nenhum', 'imagem', 'playlist'] as const;
export type FallbackType = (typeof FALLBACK_TYPES)[number];

/** The longest text a slate shows. */
export const FALLBACK_TEXT_MAX = 80;
/** A slate on air without OBS ends by itself after this long. */
export const FALLBACK_SLATE_MAX_MINUTES = 60;

/** The server's Portuguese texts of the standby signal (the web has them in its catalogues). */
export const fallbackMsg = {
  saved: 'Sinal reserva salvo',
  defaultText: 'Voltamos já',
  /** The title of a slate's broadcast. */
  slateTitle: 'Sinal reserva',
};

export const fallbackBody = z.object({
  tipo: z.enum(FALLBACK_TYPES, coded('invalid_data')),
  codigo_playlist: z.number(coded('invalid_data')).int(coded('invalid_data')).positive(coded('invalid_data')).nullable().optional(),
  texto: noControlChars(z.string(coded('invalid_data')).trim().max(FALLBACK_TEXT_MAX, coded('fallback_text_too_long'))).optional(),
}).superRefine((b, ctx) => {
  if (b.tipo === 'playlist' && !b.codigo_playlist) ctx.addIssue({ ...codedIssue('fallback_playlist_required'), path: ['codigo_playlist'] });
});
export type FallbackBody = z.infer<typeof fallbackBody>;

export const fallbackConfigSchema = z.object({
  success: z.literal(true),
  tipo: z.enum(FALLBACK_TYPES),
  codigo_playlist: z.number().nullable(),
  /** The playlist's name, while it exists. */
  playlist_nome: z.string().nullable(),
  /** The slate's text (the default one until the owner writes another). */
  texto: z.string(),
  /** Whether the slate shows a logo: the player's watermark logo, else the newest logo uploaded. */
  com_logo: z.boolean(),
  /** The standby source waits (OBS on air) or is on air now. */
  armado: z.boolean(),
  no_ar: z.boolean(),
  message: z.string().optional(),
});
export type FallbackConfig = z.infer<typeof fallbackConfigSchema>;

export const fallbackResponses = {
  'GET /api/sinal-reserva': fallbackConfigSchema,
  'PUT /api/sinal-reserva': fallbackConfigSchema,
  'GET /api/sinal-reserva/imagem': notJson('image/png'),
};
