import { z } from 'zod';
import { TRANSMISSION_TYPES, playerSettingsSchema } from './streaming.ts';

/** GET /api/player-settings */
export const playerSettingsResponseSchema = playerSettingsSchema.extend({ success: z.literal(true) });
export const savePlayerSettingsResponseSchema = z.object({ success: z.literal(true), message: z.string(), settings: playerSettingsSchema });
export type SavePlayerSettingsResponse = z.infer<typeof savePlayerSettingsResponseSchema>;

/** GET /api/player-port/url: the iframe address with the page's flags, and the embed code around it. */
export const playerUrlResponseSchema = z.object({
  success: z.literal(true),
  player_url: z.string(),
  embed_code: z.string(),
  hls_url: z.string(),
  stream: z.string(),
  player: z.string().nullable(),
});
export type PlayerUrlResponse = z.infer<typeof playerUrlResponseSchema>;

/** GET /api/player-port/previa: the owner's preview grant and when it ends. */
export const ownerPreviewResponseSchema = z.object({ success: z.literal(true), previa: z.string(), exp: z.number() });
export type OwnerPreviewResponse = z.infer<typeof ownerPreviewResponseSchema>;

/** POST /api/player-port/heartbeat; fonte: what feeds the live picture (null for a library video), absent while offline. */
export const heartbeatResponseSchema = z.object({
  success: z.literal(true),
  live: z.boolean(),
  fonte: z.enum(TRANSMISSION_TYPES).nullable().optional(),
  session: z.string().nullable(),
  viewers: z.number(),
});

export const logoSchema = z.object({
  id: z.number(),
  nome: z.string(),
  url: z.string(),
  tipo: z.string(),
  tamanho: z.number(),
  created_at: z.string(),
});
export type Logo = z.infer<typeof logoSchema>;
export const logosResponseSchema = z.array(logoSchema);
export const logoUploadResponseSchema = z.object({ success: z.literal(true), message: z.string(), logo: logoSchema });
