import {
  ANDROID_DEFAULTS, ANDROID_LIMITS, ANDROID_THEMES, ANDROID_VERSIONS, WEBAPP_LIMITS, hasControlChars, type AndroidConfigFields,
} from '@painel/contract';
import { AppError } from '../../platform/errors.ts';
import { formColor, formEmail, formLink, type Form } from '../../platform/form.ts';
import { cleanImage, readImage } from '../../platform/images.ts';

const PHONE = /^[0-9+()\s.-]{0,30}$/;
const THEMES: readonly string[] = ANDROID_THEMES.map((t) => t.value);
const TRUE = ['true', '1', 'on', 'sim'];

/** The TV name: required, at most 30 characters (counted as a person counts them), on one line (it is the APK's label, compiled by aapt). */
export function tvName(v: string | undefined): string {
  const nome = (v ?? '').trim();
  if (!nome) throw new AppError('android_name_required');
  if ([...nome].length > ANDROID_LIMITS.nameMax) throw new AppError('android_name_too_long');
  if (hasControlChars(nome)) throw new AppError('control_chars');
  return nome;
}

/** A version of the select ('1.0' … '2.0'); the version code is its position from 1. */
export function version(v: string | undefined): { versao: string; code: number } {
  const versao = v?.trim() || ANDROID_DEFAULTS.versao;
  const i = ANDROID_VERSIONS.indexOf(versao);
  if (i < 0) throw new AppError('android_version_invalid');
  return { versao, code: i + 1 };
}

/** Each field's check; what it returns is what is stored. */
const CHECKS: { [K in keyof AndroidConfigFields]: (v: string) => AndroidConfigFields[K] } = {
  webtv_nome: tvName,
  webtv_facebook: formLink,
  webtv_twitter: formLink,
  webtv_site: formLink,
  webtv_descricao: (v) => {
    if (v.length > WEBAPP_LIMITS.textMax) throw new AppError('invalid_data');
    return v;
  },
  versao: (v) => version(v).versao,
  tema: (v) => {
    if (!THEMES.includes(v)) throw new AppError('android_theme_invalid');
    return v;
  },
  app_email: formEmail,
  app_whatsapp: (v) => {
    if (!PHONE.test(v)) throw new AppError('invalid_data');
    return v;
  },
  app_url_facebook: formLink,
  app_url_instagram: formLink,
  app_url_twitter: formLink,
  app_url_site: formLink,
  app_cor_texto: (v) => formColor(v),
  app_cor_menu_claro: (v) => formColor(v),
  app_cor_menu_escuro: (v) => formColor(v),
  app_tela_inicial: (v) => {
    if (v !== '1' && v !== '2') throw new AppError('android_start_screen_invalid');
    return Number(v) as 1 | 2;
  },
  chat: (v) => TRUE.includes(v.toLowerCase()),
};

/** Fields set on creation (all of them); configuring changes the app's screen only, never what the APK was built with. */
export const CREATE_FIELDS = Object.keys(CHECKS) as (keyof AndroidConfigFields)[];
export const CONFIGURE_FIELDS = CREATE_FIELDS.filter((k) => k.startsWith('app_') || k === 'chat');

export const DEFAULT_FIELDS: AndroidConfigFields = {
  webtv_nome: '', webtv_facebook: '', webtv_twitter: '', webtv_site: '', webtv_descricao: '',
  versao: ANDROID_DEFAULTS.versao, tema: ANDROID_DEFAULTS.tema, app_email: '', app_whatsapp: '',
  app_url_facebook: '', app_url_instagram: '', app_url_twitter: '', app_url_site: '',
  app_cor_texto: ANDROID_DEFAULTS.app_cor_texto, app_cor_menu_claro: ANDROID_DEFAULTS.app_cor_menu_claro,
  app_cor_menu_escuro: ANDROID_DEFAULTS.app_cor_menu_escuro, app_tela_inicial: ANDROID_DEFAULTS.app_tela_inicial, chat: false,
};

/**
 * The configuration after a request: each of `keys` the form carries is checked (the TV name is
 * checked first, then the others in the form's order); a field the form leaves out keeps its
 * current value. Throws the first problem's message.
 */
export function configFields(form: Form, current: AndroidConfigFields, keys: readonly (keyof AndroidConfigFields)[]): AndroidConfigFields {
  const next: Record<string, unknown> = { ...current };
  if (keys.includes('webtv_nome')) next.webtv_nome = tvName(form.fields.webtv_nome);
  for (const k of keys) {
    const raw = form.fields[k];
    if (k === 'webtv_nome' || raw === undefined) continue;
    next[k] = CHECKS[k](raw.trim());
  }
  return next as unknown as AndroidConfigFields;
}

/** The three pictures of the Android app: their exact size and format, and the refusal of each. */
export const ANDROID_IMAGES = {
  logo: { ...ANDROID_LIMITS.logo, size: 'android_logo_size', type: 'android_logo_type' },
  icone: { ...ANDROID_LIMITS.icone, size: 'android_icon_size', type: 'android_icon_type' },
  fundo: { ...ANDROID_LIMITS.fundo, size: 'android_background_size', type: 'android_background_type' },
} as const;
export type AndroidImage = keyof typeof ANDROID_IMAGES;

export interface CleanImage {
  data: Buffer;
  ext: string;
}

/**
 * An uploaded picture checked and written anew without metadata: it must be a raster picture
 * (a file that is none, SVG included, gets the format's own message), not animated, within the
 * size limits, of the required format and of exactly the required size.
 */
export async function androidImage(kind: AndroidImage, data: Buffer): Promise<CleanImage> {
  const want = ANDROID_IMAGES[kind];
  const info = await readImage(data).catch((e: unknown) => {
    throw e instanceof AppError && e.code === 'image_invalid' ? new AppError(want.type) : e;
  });
  if (info.format !== want.format) throw new AppError(want.type);
  if (info.width !== want.width || info.height !== want.height) throw new AppError(want.size);
  return cleanImage(data, info);
}
