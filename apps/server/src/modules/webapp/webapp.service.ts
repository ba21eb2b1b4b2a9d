import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  msg, WEBAPP_BASE, WEBAPP_DEFAULTS, WEBAPP_LIMITS, type PushPayload, type WebApp, type WebAppBanner,
} from '@painel/contract';
import type { ModuleContext } from '../module.ts';
import type { Auth } from '../../platform/auth.ts';
import { nowIso } from '../../platform/db.ts';
import type { WebappsTable } from './webapp.table.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { formColor, formEmail, formLink, type Form } from '../../platform/form.ts';
import { cleanImage, readImage } from '../../platform/images.ts';
import { endOrphanBuilds } from '../android-app/android.service.ts';
import { addressesOf } from '../streaming/urls.ts';
import { createPushSender, type PushSender } from './push.ts';
import { createWebappRepo, type BannerRow, type WebappRow } from './webapp.repo.ts';

/** Where an account's app files (logo, background, banners, notification images) are kept. */
export const webappDir = (dataDir: string, userId: number): string => path.join(dataDir, 'apps', String(userId), 'webapp');
/** The names those files get: random, never the uploaded name. */
export const WEBAPP_FILE = /^[a-f0-9]{24}\.(png|jpg|webp)$/;
/** A file's address under the published app. */
export const webappFileUrl = (login: string, name: string): string => `${WEBAPP_BASE}/${login}/files/${name}`;

/** Trimmed, with the line breaks browsers send in a form (CRLF) as plain newlines. */
const clean = (v: string | undefined): string => (v ?? '').replace(/\r\n?/g, '\n').trim();
const text = (v: string | undefined, max: number): string => {
  const s = clean(v);
  if (s.length > max) throw new AppError('invalid_data');
  return s;
};
/** A checkbox: an unticked one is not sent at all. */
const flag = (v: string | undefined): number => {
  const s = (v ?? '').trim().toLowerCase();
  if (s === 'true' || s === '1' || s === 'on') return 1;
  if (s === 'false' || s === '0' || s === '') return 0;
  throw new AppError('invalid_data');
};
const model = (v: string | undefined): number => {
  const s = (v ?? '').trim();
  if (!s) return WEBAPP_DEFAULTS.modelo;
  if (s !== '1' && s !== '2') throw new AppError('invalid_model');
  return Number(s);
};

type AppSettings = Omit<Insertable<WebappsTable>, 'user_id' | 'logo' | 'background' | 'created_at' | 'updated_at'>;

/** The form's settings, every one checked; nothing is written before all of them pass. */
function appSettings(f: Form['fields']): AppSettings {
  const nome = text(f.nome, WEBAPP_LIMITS.nameMax);
  if (!nome) throw new AppError('app_name_required');
  return {
    nome,
    email: formEmail(f.email),
    whatsapp: text(f.whatsapp, WEBAPP_LIMITS.nameMax),
    url_facebook: formLink(f.url_facebook),
    url_instagram: formLink(f.url_instagram),
    url_twitter: formLink(f.url_twitter),
    url_site: formLink(f.url_site),
    url_youtube: formLink(f.url_youtube),
    cor_texto: formColor(f.cor_texto, WEBAPP_DEFAULTS.cor_texto),
    cor_menu_claro: formColor(f.cor_menu_claro, WEBAPP_DEFAULTS.cor_menu_claro),
    cor_menu_escuro: formColor(f.cor_menu_escuro, WEBAPP_DEFAULTS.cor_menu_escuro),
    cor_splash: formColor(f.cor_splash, WEBAPP_DEFAULTS.cor_splash),
    text_prog: text(f.text_prog, WEBAPP_LIMITS.textMax),
    text_hist: text(f.text_hist, WEBAPP_LIMITS.textMax),
    modelo: model(f.modelo),
    chat: flag(f.chat),
    contador: flag(f.contador),
  };
}

/** An uploaded picture checked (raster, still, within the limits) and written anew without its metadata. */
async function prepared(data: Buffer | undefined) {
  return data ? cleanImage(data, await readImage(data)) : undefined;
}

/**
 * The App Multiplataforma of the acting account: its settings and images, its banners and the
 * pushes its owner sends to the visitors who subscribed.
 */
export function createWebappService(core: Pick<ModuleContext, 'config' | 'store' | 'guard' | 'jobs' | 'services'>, opts: { push?: PushSender } = {}) {
  const { config } = core;
  const db = core.store.db;
  const repo = createWebappRepo();
  const push = opts.push ?? createPushSender({
    dataDir: config.dataDir,
    guard: core.guard,
    allow: config.outboundAllow,
    hosts: config.webPush.hosts,
    subject: `mailto:webpush@${addressesOf(config).host}`,
  });

  const loginOf = (auth: Auth) => auth.account.usuario;
  /** The panel's address on the account's server: its app and files are served there. */
  const webBase = async (login: string) => (await core.services.servers.serverOfLogin(login)).public_url;
  const dirOf = (auth: Auth) => webappDir(config.dataDir, auth.userId);

  /**
   * Writes the pictures under generated names, then runs `commit`; when commit throws, the new
   * files go again, so a refused or failed request leaves nothing behind.
   */
  async function withFiles<K extends string, T>(
    auth: Auth,
    images: Partial<Record<K, { data: Buffer; ext: string }>>,
    commit: (names: Partial<Record<K, string>>) => Promise<T>,
  ): Promise<T> {
    const dir = dirOf(auth);
    const names: Partial<Record<K, string>> = {};
    try {
      for (const [key, image] of Object.entries(images) as [K, { data: Buffer; ext: string } | undefined][]) {
        if (!image) continue;
        await fs.mkdir(dir, { recursive: true });
        const name = `${randomBytes(12).toString('hex')}.${image.ext}`;
        names[key] = name;
        const tmp = path.join(dir, `.${name}.tmp`);
        await fs.writeFile(tmp, image.data, { mode: 0o644 });
        await fs.rename(tmp, path.join(dir, name));
      }
      return await commit(names);
    } catch (e) {
      await removeFiles(auth, Object.values(names));
      throw e;
    }
  }
  async function removeFiles(auth: Auth, names: unknown[]) {
    for (const name of names) {
      if (typeof name !== 'string' || !WEBAPP_FILE.test(name)) continue;
      await fs.rm(path.join(dirOf(auth), name), { force: true });
      await fs.rm(path.join(dirOf(auth), `.${name}.tmp`), { force: true });
    }
  }

  async function view(auth: Auth, row: WebappRow): Promise<WebApp> {
    const login = loginOf(auth);
    await endOrphanBuilds({ db, jobs: core.jobs }, auth.userId);
    const apk = await repo.latestApk(db, auth.userId);
    // the build's stored state names are the ones the API answers
    const apkStatus = apk ? apk.state : 'none';
    const app = `${await webBase(login)}${WEBAPP_BASE}/${login}/`;
    return {
      id: row.user_id,
      nome: row.nome,
      email: row.email,
      whatsapp: row.whatsapp,
      url_facebook: row.url_facebook,
      url_instagram: row.url_instagram,
      url_twitter: row.url_twitter,
      url_site: row.url_site,
      url_youtube: row.url_youtube,
      cor_texto: row.cor_texto,
      cor_menu_claro: row.cor_menu_claro,
      cor_menu_escuro: row.cor_menu_escuro,
      cor_splash: row.cor_splash,
      text_prog: row.text_prog,
      text_hist: row.text_hist,
      modelo: row.modelo === 2 ? 2 : 1,
      chat: row.chat === 1,
      contador: row.contador === 1,
      url_logo: row.logo ? webappFileUrl(login, row.logo) : '',
      url_background: row.background ? webappFileUrl(login, row.background) : '',
      url_chat: row.chat === 1 ? `${WEBAPP_BASE}/${login}/#chat` : '',
      apk_criado: apkStatus === 'done',
      apk_zip: apkStatus === 'done' ? apk?.zip ?? '' : '',
      apk_status: apkStatus,
      link: app,
      qr_code: `${app}qr.svg`,
    };
  }

  const bannerView = (auth: Auth, r: BannerRow): WebAppBanner => ({
    id: r.id,
    nome: r.nome,
    link: r.link,
    url_imagem: webappFileUrl(loginOf(auth), r.imagem),
    data_cadastro: r.created_at,
    exibicoes: r.exibicoes,
    cliques: r.cliques,
  });

  return {
    async get(auth: Auth) {
      const row = await repo.app(db, auth.userId);
      return { success: true, app: row ? await view(auth, row) : null };
    },

    /** POST creates or updates; PUT only updates an app that exists. */
    async save(auth: Auth, form: Form, mode: 'create' | 'update') {
      if (mode === 'update' && !(await repo.app(db, auth.userId))) throw new AppError('webapp_not_found');
      const settings = appSettings(form.fields);
      const images = { logo: await prepared(form.files.logo), background: await prepared(form.files.background) };
      const { row, previous } = await withFiles(auth, images, (names) =>
        db.transaction().execute(async (tx) => {
          const previous = await repo.app(tx, auth.userId);
          const now = nowIso();
          const row = await repo.upsertApp(tx, {
            user_id: auth.userId, ...settings,
            logo: names.logo ?? previous?.logo ?? null,
            background: names.background ?? previous?.background ?? null,
            created_at: previous?.created_at ?? now, updated_at: now,
          });
          return { row, previous };
        }));
      // the replaced pictures go only once the row no longer names them
      await removeFiles(auth, [previous?.logo, previous?.background].filter((n) => n !== row.logo && n !== row.background));
      return { success: true, message: msg.appSaved, app: await view(auth, row) };
    },

    async banners(auth: Auth) {
      return { success: true, banners: (await repo.banners(db, auth.userId)).map((r) => bannerView(auth, r)) };
    },

    async addBanner(auth: Auth, form: Form) {
      const nome = text(form.fields.nome, WEBAPP_LIMITS.nameMax);
      if (!nome || !form.files.banner) throw new AppError('banner_required');
      const bannerLink = formLink(form.fields.link);
      const image = await prepared(form.files.banner);
      const row = await withFiles(auth, { banner: image }, (names) =>
        repo.insertBanner(db, { user_id: auth.userId, nome, link: bannerLink, imagem: names.banner!, created_at: nowIso() }));
      return { success: true, message: msg.bannerAdded, banner: bannerView(auth, row) };
    },

    async removeBanner(auth: Auth, id: number) {
      const row = await repo.banner(db, auth.userId, id);
      if (!row) throw notFound();
      await repo.deleteBanner(db, auth.userId, id);
      await removeFiles(auth, [row.imagem]);
      return { success: true, message: msg.bannerRemoved };
    },

    /**
     * Stores the notification and pushes it to every visitor subscribed to this account's app.
     * Subscriptions the push service reports gone (404/410) are deleted; the counts are kept
     * on the notification's row.
     */
    async notify(auth: Auth, form: Form) {
      if (!(await repo.app(db, auth.userId))) throw new AppError('push_no_app');
      const f = form.fields;
      const titulo = clean(f.titulo);
      const mensagem = clean(f.mensagem);
      if (!titulo || !mensagem || !form.files.url_icone) throw new AppError('push_required');
      if (mensagem.length > WEBAPP_LIMITS.pushMessageMax) throw new AppError('push_message_too_long');
      if (titulo.length > WEBAPP_LIMITS.pushTitleMax) throw new AppError('invalid_data');
      const pushLink = formLink(f.url_link);
      const images = { icone: await prepared(form.files.url_icone), imagem: await prepared(form.files.url_imagem) };
      const { id, names } = await withFiles(auth, images, async (names) => {
        const { id } = await repo.insertNotification(db, {
          user_id: auth.userId, titulo, mensagem, icone: names.icone!, imagem: names.imagem ?? null, link: pushLink, created_at: nowIso(),
        });
        return { id, names };
      });

      const login = loginOf(auth);
      const web = await webBase(login);
      const absolute = (name: string) => `${web}${webappFileUrl(login, name)}`;
      const payload: PushPayload = {
        titulo, mensagem, icone: absolute(names.icone!), imagem: names.imagem ? absolute(names.imagem) : null, link: pushLink,
      };
      const subscriptions = await repo.subscriptions(db, auth.userId);
      const outcomes = await push.send(subscriptions, payload);
      const enviados = outcomes.filter((o) => o === 'sent').length;
      const falhas = outcomes.length - enviados;
      await repo.deleteSubscriptions(db, auth.userId, subscriptions.filter((_, i) => outcomes[i] === 'gone').map((s) => s.id));
      await repo.setNotificationCounts(db, id, enviados, falhas);
      return { success: true, message: msg.pushSent, enviados, falhas };
    },
  };
}
export type WebappService = ReturnType<typeof createWebappService>;
