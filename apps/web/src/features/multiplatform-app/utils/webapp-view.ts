import { WEBAPP_DEFAULTS, WEBAPP_LIMITS, type WebApp, type WebAppFields } from '@painel/contract';

/** The images every upload of this page accepts (the server refuses SVG and animations itself). */
export const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** How often the page reads the app again while its APK is being built. */
export const APK_POLL_MS = 3_000;

/** The app is read again every few seconds while its APK builds, and not at all otherwise. */
export const apkPollMs = (app: Pick<WebApp, 'apk_status'> | null | undefined): number | false =>
  app?.apk_status === 'building' ? APK_POLL_MS : false;

/** The form starts from the saved app, or from the defaults when there is none yet. */
export function formFromApp(app: WebApp | null): WebAppFields {
  return {
    nome: app?.nome ?? '',
    email: app?.email ?? '',
    whatsapp: app?.whatsapp ?? '',
    url_facebook: app?.url_facebook ?? '',
    url_instagram: app?.url_instagram ?? '',
    url_twitter: app?.url_twitter ?? '',
    url_site: app?.url_site ?? '',
    url_youtube: app?.url_youtube ?? '',
    cor_texto: app?.cor_texto || WEBAPP_DEFAULTS.cor_texto,
    cor_menu_claro: app?.cor_menu_claro || WEBAPP_DEFAULTS.cor_menu_claro,
    cor_menu_escuro: app?.cor_menu_escuro || WEBAPP_DEFAULTS.cor_menu_escuro,
    cor_splash: app?.cor_splash || WEBAPP_DEFAULTS.cor_splash,
    text_prog: app?.text_prog ?? '',
    text_hist: app?.text_hist ?? '',
    modelo: app?.modelo ?? WEBAPP_DEFAULTS.modelo,
    chat: app?.chat ?? false,
    contador: app?.contador ?? false,
  };
}

/**
 * What the published app shows, as one string: the preview reloads when it changes (a save),
 * not when only the APK's state does (read every few seconds while it builds).
 */
export function previewKey(app: WebApp): string {
  return JSON.stringify([formFromApp(app), app.url_logo, app.url_background, app.link]);
}

/** Only the files a person picked travel; an absent one keeps the saved image. */
function appendFiles(body: FormData, files: Record<string, File | null | undefined>): FormData {
  for (const [name, file] of Object.entries(files)) if (file) body.append(name, file, file.name);
  return body;
}

/** The save's multipart body: every field as text (checkboxes 'true'/'false'), names trimmed, plus the picked images. */
export function appFormData(fields: WebAppFields, files: { logo?: File | null; background?: File | null }): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, typeof value === 'string' ? value.trim() : String(value));
  return appendFiles(body, files);
}

/** The APK request: the app's name, version '1.0' and layout model, plus the images picked here (else the saved ones serve). */
export function apkFormData(nome: string, modelo: 1 | 2, files: { logo?: File | null; background?: File | null }): FormData {
  const body = new FormData();
  body.append('nome', nome.trim());
  body.append('versao', WEBAPP_DEFAULTS.versao);
  body.append('modelo', String(modelo));
  return appendFiles(body, files);
}

/** An APK needs a name, a logo and a background: picked now or saved before. */
export function apkReady(nome: string, logo: boolean, background: boolean): boolean {
  return nome.trim() !== '' && logo && background;
}

/** The notification can go once it has a title, an icon and a message. */
export function pushReady(titulo: string, icon: File | null, mensagem: string): boolean {
  return titulo.trim() !== '' && icon !== null && mensagem.trim() !== '' && mensagem.length <= WEBAPP_LIMITS.pushMessageMax;
}

/** Owner text placed inside an HTML snippet's attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A folder address always ends in '/', so relative names resolve inside it. */
const folder = (link: string) => (link.endsWith('/') ? link : `${link}/`);

/** The images' alternative texts inside the codes, in the panel's language. */
export interface InstallTexts {
  badgeAndroidAlt: string;
  badgeIosAlt: string;
  qrAlt: (values: { name: string }) => string;
}

export interface InstallCodes {
  android: string;
  ios: string;
  qr: string;
  link: string;
}

/**
 * What a channel owner pastes on a site: the Android and iPhone install badges and the QR code,
 * each linking to the published app, all drawn by the panel at the app's own address.
 */
export function installCodes(app: Pick<WebApp, 'nome' | 'link' | 'qr_code'>, texts: InstallTexts): InstallCodes {
  const base = folder(app.link);
  const href = escapeHtml(app.link);
  const img = (src: string, alt: string, size: string) =>
    `<a href="${href}" target="_blank" rel="noopener"><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" ${size}></a>`;
  return {
    android: img(`${base}badge-android.svg`, texts.badgeAndroidAlt, 'height="60"'),
    ios: img(`${base}badge-ios.svg`, texts.badgeIosAlt, 'height="60"'),
    qr: img(app.qr_code, texts.qrAlt({ name: app.nome }), 'width="200" height="200"'),
    link: app.link,
  };
}

/**
 * The panel shows the published app from its own origin (its policy frames and loads only
 * that): the path of an address, with its query. A relative or broken address stays as it is.
 */
export function samePath(address: string): string {
  try {
    const u = new URL(address);
    return `${u.pathname}${u.search}`;
  } catch {
    return address;
  }
}

