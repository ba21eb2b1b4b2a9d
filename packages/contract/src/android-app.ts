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
 *                                       → { success, message, config }  404 msg.androidNoConfig
 *   DELETE /api/app-android/{id}        → { success, message }  404 another account's id  409 msg.androidBuilding
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
export type AndroidAppStatus = 0 | 1 | 2;

export interface AndroidApp {
  id: number;
  /** When it was asked (ISO). */
  data: string;
  status: AndroidAppStatus;
  aviso: string;
  /** The APK's file name ('' until done); downloaded at /app/apps/{zip}. */
  zip: string;
  nome: string;
  versao: string;
  /** Which page asked for it. */
  origem: 'android' | 'multiplataforma';
  /** When done: a signed grant that lets `/app/apps/{zip}?auth_token=` download it for a few hours. */
  download_token?: string;
}

export interface AndroidConfigFields {
  webtv_nome: string;
  webtv_facebook: string;
  webtv_twitter: string;
  webtv_site: string;
  webtv_descricao: string;
  versao: string;
  tema: string;
  app_email: string;
  app_whatsapp: string;
  app_url_facebook: string;
  app_url_instagram: string;
  app_url_twitter: string;
  app_url_site: string;
  app_cor_texto: string;
  app_cor_menu_claro: string;
  app_cor_menu_escuro: string;
  /** 1 = logo and a play button, 2 = the player. */
  app_tela_inicial: 1 | 2;
  /** The chat module ('true'/'false' in the multipart body). */
  chat: boolean;
}

export interface AndroidConfig extends AndroidConfigFields {
  /** The chat's address when the chat module is on, else ''. */
  app_url_chat: string;
  url_logo: string;
  url_icone: string;
  url_fundo: string;
}

/** The label of a status. */
export function androidStatusLabel(status: number): 'Concluído' | 'Erro' | 'Em andamento' {
  return status === 1 ? 'Concluído' : status === 2 ? 'Erro' : 'Em andamento';
}
