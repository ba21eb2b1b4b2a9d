import { z } from 'zod';

/*
 * The Android app (App Android): a signed APK whose one screen opens the channel's app
 * (WEBAPP_BASE/{login}/tv/) full screen. Every call needs the session and acts on the acting
 * account only. Errors are { success: false, error }.
 *
 *   GET    /api/app-android             → { success, apps: AndroidApp[] }  newest first
 *   GET    /api/app-android/config      → { success, config: AndroidConfig | null, preview_url }
 *   POST   /api/app-android/create      multipart: the AndroidConfigFields + files logo, icone, fundo
 *                                       (+ servidor, login, idioma_painel, which are not trusted: the account decides)
 *                                       → { success, message, app }   400 exact image and field messages
 *                                       the configuration is saved and a build queued: the app is 'Em andamento'
 *                                       (status 0) until the build ends 'Concluído' (1, zip) or 'Erro' (2, aviso)
 *   PUT    /api/app-android/configure   multipart: the AndroidConfigFields (the app_* ones) + optional logo, fundo
 *                                       → { success, message, config }  404 android_no_config
 *   DELETE /api/app-android/{id}        → { success, message }  404 another account's id  409 android_building
 *   GET    /app/apps/{zip}              the APK (session bearer, or ?auth_token= like video playback)
 */

export const ANDROID_LIMITS = {
  nameMax: 30,
  logo: { width: 300, height: 300, format: 'png' },
  icone: { width: 144, height: 144, format: 'png' },
  fundo: { width: 640, height: 1136, format: 'jpeg' },
} as const;

/** 1.0 to 1.19, then 2.0 (21 choices); the version code is the position, from 1. */
export const ANDROID_VERSIONS: readonly string[] = [...Array.from({ length: 20 }, (_, i) => `1.${i}`), '2.0'];

/** The theme select: two colours joined by a vertical bar (main | dark). */
export const ANDROID_THEMES = [
  { value: '#0099CC|#003399', label: 'Azul' },
  { value: '#00796B|#00695C', label: 'Verde' },
  { value: '#FF6699|#FF3366', label: 'Rosa' },
  { value: '#FF5959|#FF0000', label: 'Vermelho' },
] as const;

export const ANDROID_DEFAULTS = {
  versao: '1.0',
  tema: '#0099CC|#003399',
  app_cor_texto: '#000000',
  app_cor_menu_claro: '#FFFFFF',
  app_cor_menu_escuro: '#000000',
  app_tela_inicial: 1,
} as const;

/** status 1 'Concluído' (APK available), 2 'Erro' (aviso says why), anything else 'Em andamento'. */
export const androidAppStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type AndroidAppStatus = z.infer<typeof androidAppStatusSchema>;

export const androidAppSchema = z.object({
  id: z.number(),
  /** When it was asked (ISO). */
  data: z.string(),
  status: androidAppStatusSchema,
  aviso: z.string(),
  /** The APK's file name ('' until done); downloaded at /app/apps/{zip}. */
  zip: z.string(),
  nome: z.string(),
  versao: z.string(),
  /** Which page asked for it. */
  origem: z.enum(['android', 'multiplataforma']),
  /** When done: a signed grant that lets `/app/apps/{zip}?auth_token=` download it for a few hours ('' until then). */
  download_token: z.string(),
});
export type AndroidApp = z.infer<typeof androidAppSchema>;
export const androidAppsSchema = z.object({ success: z.literal(true), apps: z.array(androidAppSchema) });
export const androidAppCreatedSchema = z.object({ success: z.literal(true), message: z.string(), app: androidAppSchema });

export const androidConfigFieldsSchema = z.object({
  webtv_nome: z.string(),
  webtv_facebook: z.string(),
  webtv_twitter: z.string(),
  webtv_site: z.string(),
  webtv_descricao: z.string(),
  versao: z.string(),
  tema: z.string(),
  app_email: z.string(),
  app_whatsapp: z.string(),
  app_url_facebook: z.string(),
  app_url_instagram: z.string(),
  app_url_twitter: z.string(),
  app_url_site: z.string(),
  app_cor_texto: z.string(),
  app_cor_menu_claro: z.string(),
  app_cor_menu_escuro: z.string(),
  /** 1 = logo and a play button, 2 = the player. */
  app_tela_inicial: z.union([z.literal(1), z.literal(2)]),
  /** The chat module ('true'/'false' in the multipart body). */
  chat: z.boolean(),
});
export type AndroidConfigFields = z.infer<typeof androidConfigFieldsSchema>;

export const androidConfigSchema = androidConfigFieldsSchema.extend({
  /** The chat's address when the chat module is on, else ''. */
  app_url_chat: z.string(),
  url_logo: z.string(),
  url_icone: z.string(),
  url_fundo: z.string(),
});
export type AndroidConfig = z.infer<typeof androidConfigSchema>;
/** GET /api/app-android/config: null before the first app; preview_url is the page the app opens. */
export const androidConfigResponseSchema = z.object({ success: z.literal(true), config: androidConfigSchema.nullable(), preview_url: z.string() });
export const androidConfiguredSchema = z.object({ success: z.literal(true), message: z.string(), config: androidConfigSchema });

/** The label of a status. */
export function androidStatusLabel(status: number): 'Concluído' | 'Erro' | 'Em andamento' {
  return status === 1 ? 'Concluído' : status === 2 ? 'Erro' : 'Em andamento';
}
