import { z } from 'zod';

/*
 * The channel's installable web app (App Multiplataforma). Every /api call needs the session
 * and acts on the acting account only. Errors are { success: false, error }.
 *
 *   GET    /api/app-multiplataforma                 → { success, app: WebApp | null }
 *   POST   /api/app-multiplataforma                 multipart: the fields of WebAppFields + files logo, background
 *   PUT    /api/app-multiplataforma                   (the same; POST creates or updates, PUT updates)
 *                                                   → { success, message, app }   400 app_name_required, image errors
 *   POST   /api/app-multiplataforma/create-apk      multipart: nome, versao ('1.0'), modelo, logo?, background?
 *                                                   → { success, message, app_id }  (an Android app record, built by the
 *                                                     same builder as the Android page; it is listed there too)
 *                                                   400 apk_requirements  409 apk_busy
 *   GET    /api/app-multiplataforma/banners         → { success, banners: WebAppBanner[] }
 *   POST   /api/app-multiplataforma/banners         multipart: nome, banner (image), link? → { success, message, banner }
 *   DELETE /api/app-multiplataforma/banners/{id}    → { success, message }  404 another account's id
 *   POST   /api/app-multiplataforma/notifications   multipart: titulo, url_icone (image), url_imagem (image, optional),
 *                                                   url_link, mensagem (≤ 160) → { success, message, enviados, falhas }
 *
 * The published app (public, no session), at WEBAPP_BASE/{login}/:
 *   /                       the app page          /manifest.webmanifest   its manifest
 *   /sw.js                  the service worker    /icons/icon-{size}.png  icons made from the logo
 *   /app.json               the public data (PublicWebApp)               /qr.svg  a QR code of the app's address
 *   /files/{name}           logo, background, banner and notification images
 *   /banner                 a banner picked at random (its view counted) /banner/{id}/click  counts, then redirects
 *   /push/subscribe, /push/unsubscribe      a visitor's Web Push subscription
 *   /chat                   GET the latest messages (?after=id), POST {nome, mensagem}
 * The Android app's page is WEBAPP_BASE/{login}/tv/ (the same app, from the Android configuration).
 */

/** Where published apps live: the app of login `demo` is at /webapp/demo/. */
export const WEBAPP_BASE = '/webapp';

export { WEBAPP_LIMITS } from './webapp-limits.ts';

export const WEBAPP_DEFAULTS = {
  cor_texto: '#000000',
  cor_menu_claro: '#FFFFFF',
  cor_menu_escuro: '#000000',
  cor_splash: '#0066FF',
  modelo: 1,
  versao: '1.0',
} as const;

/** The icon sizes the manifest lists, made from the logo. */
export const WEBAPP_ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 384, 512] as const;

const modelo = z.union([z.literal(1), z.literal(2)]);

/** The text fields of the form (all strings in the multipart body; checkboxes are 'true'/'false'). */
export const webAppFieldsSchema = z.object({
  nome: z.string(),
  email: z.string(),
  whatsapp: z.string(),
  url_facebook: z.string(),
  url_instagram: z.string(),
  url_twitter: z.string(),
  url_site: z.string(),
  url_youtube: z.string(),
  cor_texto: z.string(),
  cor_menu_claro: z.string(),
  cor_menu_escuro: z.string(),
  cor_splash: z.string(),
  text_prog: z.string(),
  text_hist: z.string(),
  modelo,
  /** The chat module. */
  chat: z.boolean(),
  /** The viewer counter. */
  contador: z.boolean(),
});
export type WebAppFields = z.infer<typeof webAppFieldsSchema>;

export const webAppSchema = webAppFieldsSchema.extend({
  id: z.number(),
  /** Addresses of the images (under the published app), empty when none. */
  url_logo: z.string(),
  url_background: z.string(),
  /** The app's chat address when the chat module is on, else ''. */
  url_chat: z.string(),
  /** Whether an APK of this app has been built; apk_zip names it ('' when none). */
  apk_criado: z.boolean(),
  apk_zip: z.string(),
  /** The state of the latest APK asked from this page: none, building, done or error. */
  apk_status: z.enum(['none', 'building', 'done', 'error']),
  /** The published app's full address, and its QR code's. */
  link: z.string(),
  qr_code: z.string(),
});
export type WebApp = z.infer<typeof webAppSchema>;
/** GET /api/app-multiplataforma: null before the app is first saved. */
export const webAppResponseSchema = z.object({ success: z.literal(true), app: webAppSchema.nullable() });
export const webAppSavedSchema = z.object({ success: z.literal(true), message: z.string(), app: webAppSchema });

export const webAppBannerSchema = z.object({
  id: z.number(),
  nome: z.string(),
  link: z.string(),
  url_imagem: z.string(),
  data_cadastro: z.string(),
  exibicoes: z.number(),
  cliques: z.number(),
});
export type WebAppBanner = z.infer<typeof webAppBannerSchema>;
export const webAppBannersSchema = z.object({ success: z.literal(true), banners: z.array(webAppBannerSchema) });
export const webAppBannerAddedSchema = z.object({ success: z.literal(true), message: z.string(), banner: webAppBannerSchema });
/** POST /api/app-multiplataforma/notifications: how many subscriptions took the push, and how many failed. */
export const pushSentSchema = z.object({ success: z.literal(true), message: z.string(), enviados: z.number(), falhas: z.number() });
/** POST /api/app-multiplataforma/create-apk: the queued Android app's id. */
export const apkQueuedSchema = z.object({ success: z.literal(true), message: z.string(), app_id: z.number() });

/** What the published app reads (app.json): public data only (never an e-mail of the account, its id or settings). */
export const publicWebAppSchema = webAppFieldsSchema.extend({
  url_logo: z.string(),
  url_background: z.string(),
  /** The channel's player (the embeddable iframe). */
  player_url: z.string(),
  /** The VAPID public key (base64url) for push subscriptions; '' on the Android app's page. */
  push_key: z.string(),
});
export type PublicWebApp = z.infer<typeof publicWebAppSchema>;

/** A banner the published app shows (…/banner): null when the app has none. */
export const publishedBannerSchema = z.object({ id: z.number(), url_imagem: z.string(), link: z.string() });
export type PublishedBanner = z.infer<typeof publishedBannerSchema>;
export const publishedBannerResponseSchema = z.object({ success: z.literal(true), banner: publishedBannerSchema.nullable() });

/** A chat message as the published app shows it: plain text, never markup. */
export const chatMessageSchema = z.object({
  id: z.number(),
  nome: z.string(),
  mensagem: z.string(),
  /** When it was posted (ISO). */
  data: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
/** GET …/chat: the latest messages after ?after=, oldest first. */
export const chatMessagesSchema = z.object({ success: z.literal(true), messages: z.array(chatMessageSchema) });
/** POST …/chat: the message as stored. */
export const chatPostedSchema = z.object({ success: z.literal(true), message: chatMessageSchema });

/** A visitor's Web Push subscription, as the browser's PushSubscription.toJSON() gives it (POST …/push/subscribe and …/push/unsubscribe). */
export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What a push carries (JSON, encrypted for the subscription); the app's service worker shows it. */
export interface PushPayload {
  titulo: string;
  mensagem: string;
  /** Absolute addresses under the published app. */
  icone: string;
  imagem: string | null;
  /** Opened when the notification is clicked ('' opens the app). */
  link: string;
}
