import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { effectiveUserId, isSuspended, PUBLIC_SOURCE_LANGUAGE, type PublicLanguage, type PublicWebApp, type PushSubscriptionBody, streamNameOf, WEBAPP_BASE, WEBAPP_DEFAULTS, WEBAPP_ICON_SIZES } from '@painel/contract';
import type { ModuleContext } from '../module.ts';
import { nowIso, type Tx } from '../../platform/db.ts';
import { AppError, parse } from '../../platform/errors.ts';
import { safeColor } from '../../platform/form.ts';
import { ipKey } from '../../platform/ip-key.ts';
import { isPushServiceEndpoint } from '../../platform/push-services.ts';
import { secret } from '../../platform/secrets.ts';
import { shortCache } from '../../platform/short-cache.ts';
import { imageDir } from '../android-app/android.service.ts';
import { createChat } from './chat.ts';
import { appIcon, iconVersion, qrSvg, splashColor, type IconPurpose, type IconSource } from './icons.ts';
import { endpointSchemes, vapidPublicKey } from './push.ts';
import { createPublishedRepo, createWebappRepo } from './webapp.repo.ts';
import { webappDir, webappFileUrl } from './webapp.service.ts';

/** web: the installable app at /webapp/{login}/; tv: the page the Android app opens, /webapp/{login}/tv/. */
export type Variant = 'web' | 'tv';

/** An app as its public pages see it. */
export interface PublishedApp {
  variant: Variant;
  login: string;
  userId: number;
  /** Its address (a path ending in '/'). */
  base: string;
  /** The folder of its files. */
  dir: string;
  /** What visitors may read: public fields only. */
  data: PublicWebApp;
  /** The file names its own row names (banner and notification images are looked up apart). */
  own: string[];
  icon: IconSource;
  /** The start of its description, for the manifest. */
  description: string;
}

/** The manifest's short_name: what fits under an icon. */
export const SHORT_NAME_MAX = 12;

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;
const FILE_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.gif': 'image/gif' };

/** An address the owner typed, kept only when it is http(s). */
function httpLink(s: string): string {
  try {
    const u = new URL(s.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : '';
  } catch {
    return '';
  }
}

const cut = (s: string, max: number) => [...s].slice(0, max).join('').trim();
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// the browser's PushSubscription.toJSON(): keys are an uncompressed P-256 point and a 16-byte secret
const base64url = (bytes: number) => z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/).refine((s) => Buffer.from(s, 'base64url').length === bytes);
const subscriptionBody = z.object({
  endpoint: z.string().min(1).max(2048),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});

const publishedRepo = createPublishedRepo();

/**
 * The published apps: everything a visitor's browser (or the Android app's WebView) reads,
 * found by the channel's login. A disabled account, or one without the app, has none.
 */
export function createPublishedService(core: Pick<ModuleContext, 'config' | 'store' | 'accounts' | 'guard' | 'services'>, opts: { now?: () => number } = {}) {
  const { config } = core;
  const db = core.store.db;
  const repo = createWebappRepo();
  const chat = createChat({ db, ipSalt: secret(config.dataDir, 'chat-ip.key'), ...(opts.now ? { now: opts.now } : {}) });
  // as the chat does: a keyed hash per channel, so the address is never stored and two channels' hashes do not match
  const pushSalt = secret(config.dataDir, 'push-ip.key');
  const pushAddress = (userId: number, ip: string) => createHmac('sha256', pushSalt).update(`${userId}\n${ipKey(ip)}`).digest('hex').slice(0, 32);

  /** Public pages name a channel by its login; chat polls ask often, so the account is kept a second. */
  const channel = shortCache(1000, async (login: string) => {
    const row = await core.accounts.byLogin(login);
    return row && row.usuario === login && !isSuspended(row.suspension) ? row : null;
  }, { keep: (row) => row !== null });

  const playerUrl = (login: string, contador: boolean) =>
    `/api/player-port/iframe?${new URLSearchParams({ login, stream: streamNameOf(login), contador: String(contador) })}`;

  async function open(login: string, variant: Variant): Promise<PublishedApp | null> {
    const account = await channel(login);
    if (!account) return null;
    const userId = effectiveUserId(account);
    const base = `${WEBAPP_BASE}/${login}/${variant === 'tv' ? 'tv/' : ''}`;
    if (variant === 'web') {
      const row = await repo.app(db, userId);
      if (!row) return null;
      const dir = webappDir(config.dataDir, userId);
      const own = [row.logo, row.background].filter((n): n is string => !!n);
      const data: PublicWebApp = {
        nome: row.nome, email: row.email, whatsapp: row.whatsapp,
        url_facebook: httpLink(row.url_facebook), url_instagram: httpLink(row.url_instagram), url_twitter: httpLink(row.url_twitter),
        url_site: httpLink(row.url_site), url_youtube: httpLink(row.url_youtube),
        cor_texto: safeColor(row.cor_texto, WEBAPP_DEFAULTS.cor_texto), cor_menu_claro: safeColor(row.cor_menu_claro, WEBAPP_DEFAULTS.cor_menu_claro),
        cor_menu_escuro: safeColor(row.cor_menu_escuro, WEBAPP_DEFAULTS.cor_menu_escuro), cor_splash: splashColor(row.cor_splash),
        url_logo: row.logo ? webappFileUrl(login, row.logo) : '', url_background: row.background ? webappFileUrl(login, row.background) : '',
        text_prog: row.text_prog, text_hist: row.text_hist, modelo: row.modelo === 2 ? 2 : 1, chat: row.chat === 1, contador: row.contador === 1,
        player_url: playerUrl(login, row.contador === 1), push_key: vapidPublicKey(config.dataDir),
      };
      return {
        variant, login, userId, base, dir, data, own, description: cut(row.text_hist || row.text_prog || row.nome, 300),
        icon: { dir, logo: row.logo, nome: row.nome, splash: data.cor_splash },
      };
    }
    const tv = await publishedRepo.tvConfig(db, userId);
    if (!tv) return null;
    const dir = imageDir(config.dataDir, userId);
    const file = (name: string) => `${base}files/${name}`;
    const data: PublicWebApp = {
      nome: tv.webtv_nome, email: tv.app_email, whatsapp: tv.app_whatsapp,
      url_facebook: httpLink(tv.app_url_facebook || tv.webtv_facebook), url_instagram: httpLink(tv.app_url_instagram),
      url_twitter: httpLink(tv.app_url_twitter || tv.webtv_twitter), url_site: httpLink(tv.app_url_site || tv.webtv_site), url_youtube: '',
      cor_texto: safeColor(tv.app_cor_texto, WEBAPP_DEFAULTS.cor_texto), cor_menu_claro: safeColor(tv.app_cor_menu_claro, WEBAPP_DEFAULTS.cor_menu_claro),
      cor_menu_escuro: safeColor(tv.app_cor_menu_escuro, WEBAPP_DEFAULTS.cor_menu_escuro), cor_splash: splashColor(tv.tema.split('|')[0] ?? ''),
      url_logo: file(tv.logo), url_background: file(tv.fundo), text_prog: '', text_hist: tv.webtv_descricao,
      modelo: tv.app_tela_inicial === 2 ? 2 : 1, chat: tv.chat === 1, contador: false, player_url: playerUrl(login, false), push_key: '',
    };
    return {
      variant, login, userId, base, dir, data, own: [tv.logo, tv.icone, tv.fundo], description: cut(tv.webtv_descricao || tv.webtv_nome, 300),
      icon: { dir, logo: tv.icone, nome: tv.webtv_nome, splash: data.cor_splash },
    };
  }

  /**
   * The built page, read once it exists; the app's name, colour, manifest and icons go in its
   * head, and the visitor's language (`lang`) on its <html>.
   */
  let html: string | null = null;
  function page(app: PublishedApp, lang: PublicLanguage = PUBLIC_SOURCE_LANGUAGE): string | null {
    if (html === null && config.webDist) {
      try {
        html = fs.readFileSync(path.join(config.webDist, 'webapp.html'), 'utf8');
      } catch {
        return null;
      }
    }
    if (html === null) return null;
    const d = app.data;
    const v = iconVersion(app.icon);
    const head = [
      `<meta name="theme-color" content="${esc(d.cor_menu_escuro)}">`,
      `<meta name="mobile-web-app-capable" content="yes"><meta name="apple-mobile-web-app-capable" content="yes">`,
      `<meta name="apple-mobile-web-app-title" content="${esc(cut(d.nome, SHORT_NAME_MAX))}">`,
      ...(app.variant === 'web'
        ? [
          `<link rel="manifest" href="${app.base}manifest.webmanifest">`,
          `<link rel="icon" type="image/png" sizes="192x192" href="${app.base}icons/icon-192.png?v=${v}">`,
          `<link rel="apple-touch-icon" href="${app.base}icons/icon-192.png?v=${v}">`,
        ]
        : []),
    ].join('\n');
    // replacement functions: a name with `$&` in it stays text
    return html.replace(/<html\b[^>]*>/i, () => `<html lang="${lang}">`)
      .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${esc(d.nome)}</title>`).replace('</head>', () => `${head}\n</head>`);
  }

  /** The manifest; `lang` is the visitor's language (what the app's own texts are shown in). */
  function manifest(app: PublishedApp, lang: PublicLanguage = PUBLIC_SOURCE_LANGUAGE) {
    const d = app.data;
    const v = iconVersion(app.icon);
    const icon = (size: number, purpose: IconPurpose) => ({
      src: `${app.base}icons/${purpose === 'any' ? 'icon' : 'maskable'}-${size}.png?v=${v}`, sizes: `${size}x${size}`, type: 'image/png', purpose,
    });
    return {
      id: app.base,
      name: d.nome,
      short_name: cut(d.nome, SHORT_NAME_MAX),
      description: app.description,
      lang,
      start_url: app.base,
      scope: app.base,
      display: 'standalone',
      orientation: 'any',
      background_color: d.cor_splash,
      theme_color: d.cor_menu_escuro,
      icons: [...WEBAPP_ICON_SIZES.map((s) => icon(s, 'any')), icon(192, 'maskable'), icon(512, 'maskable')],
    };
  }

  return {
    open,
    /** Whether `login` names an account that is suspended now (its pages say the channel is unavailable, not missing). */
    async suspended(login: string): Promise<boolean> {
      const row = await core.accounts.byLogin(login);
      return !!row && row.usuario === login && isSuspended(row.suspension);
    },
    page,
    manifest,
    chat,

    /** One of the manifest's icons; null for a size it does not list. */
    async icon(app: PublishedApp, purpose: IconPurpose, size: number): Promise<Buffer | null> {
      const sizes: readonly number[] = purpose === 'any' ? WEBAPP_ICON_SIZES : [192, 512];
      return sizes.includes(size) ? appIcon(app.icon, purpose, size) : null;
    },

    /** A file of the app: only a name one of its rows holds, from its own folder. */
    async file(app: PublishedApp, name: string): Promise<{ path: string; type: string } | null> {
      const type = FILE_TYPES[path.extname(name).toLowerCase()];
      if (!FILE_NAME.test(name) || !type) return null;
      const named = app.own.includes(name) || (app.variant === 'web' && (await publishedRepo.namesFile(db, app.userId, name)));
      return named ? { path: path.join(app.dir, name), type } : null;
    },

    /** The QR code of the app's full address (the one the owner's panel shows). */
    qr: async (app: PublishedApp) => qrSvg(`${(await core.services.servers.serverOfLogin(app.login)).public_url}${app.base}`),

    /** A banner picked at random, its view counted; null when the app has none. */
    async pickBanner(app: PublishedApp) {
      const ids = await publishedRepo.bannerIds(db, app.userId);
      const pick = ids[Math.floor(Math.random() * ids.length)];
      const row = pick && (await publishedRepo.countView(db, app.userId, pick.id));
      return row ? { id: row.id, url_imagem: webappFileUrl(app.login, row.imagem), link: httpLink(row.link) } : null;
    },

    /** Counts a click on a banner of this app and gives its stored link; null for another's banner or one without a link. */
    async clickBanner(app: PublishedApp, id: number): Promise<string | null> {
      const row = await repo.banner(db, app.userId, id);
      const target = row ? httpLink(row.link) : '';
      if (!target) return null;
      await publishedRepo.countClick(db, app.userId, id);
      return target;
    },

    /**
     * Keeps a visitor's subscription. The endpoint must be on a browser's push service
     * (config.webPush.hosts) and pass the outbound guard. One address holds at most
     * maxPerAddress subscriptions on a channel: a new one replaces that address's oldest (a
     * visitor who cleared the browser or switched browsers keeps receiving on the newest). A
     * channel holds at most maxPerChannel: past it new ones are refused (409), so nobody can
     * push the channel's real subscribers out. Subscribing an endpoint again only renews its keys.
     */
    async subscribe(app: PublishedApp, ip: string, body: unknown): Promise<void> {
      const s: PushSubscriptionBody = parse(subscriptionBody, body);
      const { hosts, maxPerAddress, maxPerChannel } = config.webPush;
      if (!isPushServiceEndpoint(s.endpoint, hosts)) throw new AppError('push_service_not_allowed');
      // the address a push is later posted to: https (or an allow-listed peer), on the public internet
      await core.guard.check(s.endpoint, endpointSchemes(s.endpoint, config.outboundAllow));
      const keys = { p256dh: s.keys.p256dh, auth: s.keys.auth };
      const ipHash = pushAddress(app.userId, ip);
      await db.transaction().execute(async (tx) => {
        if (await publishedRepo.renew(tx, app.userId, s.endpoint, keys)) return;
        const held = await publishedRepo.ofAddress(tx, app.userId, ipHash);
        const over = held.length - (maxPerAddress - 1);
        if (over > 0) await publishedRepo.remove(tx, app.userId, held.slice(0, over).map((r) => r.id));
        // a refusal here undoes the replacement above (the transaction rolls back)
        if ((await publishedRepo.count(tx, app.userId)) >= maxPerChannel) throw new AppError('push_channel_full');
        await publishedRepo.subscribe(tx, { user_id: app.userId, endpoint: s.endpoint, ...keys, ip_hash: ipHash, created_at: nowIso() });
      });
    },

    async unsubscribe(app: PublishedApp, body: unknown): Promise<void> {
      const s = parse(z.object({ endpoint: z.string().min(1).max(2048) }), body);
      await publishedRepo.unsubscribe(db, app.userId, s.endpoint);
    },
  };
}
export type PublishedService = ReturnType<typeof createPublishedService>;
