/*
 * The channel's installable web app (App Multiplataforma). Every /api call needs the session
 * and acts on the acting account only. Errors are { success: false, error }.
 *
 *   GET    /api/app-multiplataforma                 → { success, app: WebApp | null }
 *   POST   /api/app-multiplataforma                 multipart: the fields of WebAppFields + files logo, background
 *   PUT    /api/app-multiplataforma                   (the same; POST creates or updates, PUT updates)
 *                                                   → { success, message, app }   400 msg.appNameRequired, image errors
 *   POST   /api/app-multiplataforma/create-apk      multipart: nome, versao ('1.0'), modelo, logo?, background?
 *                                                   → { success, message, app_id }  (an Android app record, built by the
 *                                                     same builder as the Android page; it is listed there too)
 *                                                   400 msg.apkRequirements  409 msg.apkBusy
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

export const WEBAPP_LIMITS = {
  /** A pushed message's longest length. */
  pushMessageMax: 160,
  pushTitleMax: 60,
  nameMax: 60,
  textMax: 5000,
  linkMax: 500,
  /** Banners change this often inside the app, picked at random. */
  bannerRotateMs: 60_000,
  /** Largest image accepted (bytes). */
  imageMaxBytes: 5 * 1024 * 1024,
} as const;

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

/** The text fields of the form (all strings in the multipart body; checkboxes are 'true'/'false'). */
export interface WebAppFields {
  nome: string;
  email: string;
  whatsapp: string;
  url_facebook: string;
  url_instagram: string;
  url_twitter: string;
  url_site: string;
  url_youtube: string;
  cor_texto: string;
  cor_menu_claro: string;
  cor_menu_escuro: string;
  cor_splash: string;
  text_prog: string;
  text_hist: string;
  modelo: 1 | 2;
  /** The chat module. */
  chat: boolean;
  /** The viewer counter. */
  contador: boolean;
}

export interface WebApp extends WebAppFields {
  id: number;
  /** Addresses of the images (under the published app), empty when none. */
  url_logo: string;
  url_background: string;
  /** The app's chat address when the chat module is on, else ''. */
  url_chat: string;
  /** Whether an APK of this app has been built; apk_zip names it ('' when none). */
  apk_criado: boolean;
  apk_zip: string;
  /** The state of the latest APK asked from this page: none, building, done or error. */
  apk_status: 'none' | 'building' | 'done' | 'error';
  /** The published app's full address, and its QR code's. */
  link: string;
  qr_code: string;
}

export interface WebAppBanner {
  id: number;
  nome: string;
  link: string;
  url_imagem: string;
  data_cadastro: string;
  exibicoes: number;
  cliques: number;
}

/** What the published app reads: public data only (never an e-mail of the account, its id or settings). */
export interface PublicWebApp extends WebAppFields {
  url_logo: string;
  url_background: string;
  /** The channel's player (the embeddable iframe). */
  player_url: string;
  /** The VAPID public key (base64url) for push subscriptions. */
  push_key: string;
}

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
