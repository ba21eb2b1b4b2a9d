import { ANDROID_DEFAULTS, type AndroidApp, type AndroidConfig, type AndroidConfigFields } from '@painel/contract';

/*
 * What the App Android page derives from the server's answers and sends back: pure, so the
 * rules a person sees (the date as dd/MM/yyyy HH:mm, when the list reloads by itself, which
 * fields a request carries) are tested without a browser.
 */

/** The list reloads this often while an APK is being built, so its row turns 'Concluído' or 'Erro' by itself. */
export const BUILD_POLL_MS = 3000;

export type StatusTone = 'green' | 'red' | 'yellow';

/** 'Concluído' green, 'Erro' red, 'Em andamento' yellow. */
export function statusTone(status: number): StatusTone {
  return status === 1 ? 'green' : status === 2 ? 'red' : 'yellow';
}

/** Whether a row is still being built (neither done nor failed). */
export const isBuilding = (app: Pick<AndroidApp, 'status'>): boolean => app.status !== 1 && app.status !== 2;

/** The list's reload period: every BUILD_POLL_MS while any app is being built, else never. */
export function appsPollMs(apps: readonly Pick<AndroidApp, 'status'>[] | undefined): number | false {
  return apps?.some(isBuilding) ? BUILD_POLL_MS : false;
}

/** The configuration a new account starts from (nothing saved yet). */
export function emptyConfig(): AndroidConfigFields {
  return {
    webtv_nome: '', webtv_facebook: '', webtv_twitter: '', webtv_site: '', webtv_descricao: '',
    versao: ANDROID_DEFAULTS.versao, tema: ANDROID_DEFAULTS.tema,
    app_email: '', app_whatsapp: '', app_url_facebook: '', app_url_instagram: '', app_url_twitter: '', app_url_site: '',
    app_cor_texto: ANDROID_DEFAULTS.app_cor_texto, app_cor_menu_claro: ANDROID_DEFAULTS.app_cor_menu_claro,
    app_cor_menu_escuro: ANDROID_DEFAULTS.app_cor_menu_escuro, app_tela_inicial: ANDROID_DEFAULTS.app_tela_inicial, chat: false,
  };
}

/** Only the editable fields of a saved configuration (its file addresses left out). */
export function configFields(config: AndroidConfig | null | undefined): AndroidConfigFields {
  const base = emptyConfig();
  if (!config) return base;
  const picked = Object.fromEntries(Object.keys(base).map((k) => [k, config[k as keyof AndroidConfigFields]]));
  return { ...base, ...picked } as AndroidConfigFields;
}

/**
 * The multipart body: every configuration field as text first (the server reads the fields
 * before it streams the files), then the files that were picked. Colours go upper case (#RRGGBB).
 */
export function androidFormData(
  fields: AndroidConfigFields,
  files: Record<string, File | null>,
  extra: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    const text = String(value);
    form.append(key, key.startsWith('app_cor_') ? text.toUpperCase() : text);
  }
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  for (const [key, file] of Object.entries(files)) if (file) form.append(key, file, file.name);
  return form;
}
