import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  WEBAPP_BASE, WEBAPP_DEFAULTS, WEBAPP_LIMITS, errorText, hasControlChars, msg, type AndroidApp, type AndroidAppStatus, type AndroidConfig, type AndroidConfigFields,
} from '@painel/contract';
import type { Config } from '../../platform/config.ts';
import type { Grants } from '../../platform/crypto.ts';
import { bool, type Db, type Dialect, type Tx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { readImage, squarePng } from '../../platform/images.ts';
import { busy, type Jobs } from '../../platform/jobs.ts';
import { apkDir, apkFileName, writeAtomic } from './apk-files.ts';
import { apkJob, type ApkInput } from './android.jobs.ts';
import type { Owner } from '../library/owner.ts';
import { packageNameFor } from './apk/build.ts';
import {
  CONFIGURE_FIELDS, CREATE_FIELDS, DEFAULT_FIELDS, androidImage, configFields, version, type AndroidImage, type CleanImage,
} from './android.form.ts';
import { safeColor, type Form } from '../../platform/form.ts';
import { createAndroidRepo, type AndroidAppRow, type AndroidConfigRow, type AndroidRepo } from './android.repo.ts';
import type { ApkState } from './android.table.ts';


/** The API answers a build's state as a number; the database keeps it by name. */
const STATUS_CODE: Record<ApkState, AndroidAppStatus> = { building: 0, done: 1, error: 2 };

/** Where the account's Android pictures are kept (served to its published app by their names in the configuration). */
export const imageDir = (dataDir: string, userId: number) => path.join(dataDir, 'apps', String(userId), 'android');
const webappDir = (dataDir: string, userId: number) => path.join(dataDir, 'apps', String(userId), 'webapp');
const APK_FILE = /^[a-z0-9_]+-\d+-[a-f0-9]{16}\.apk$/;
const ICON_SIZE = 144;
const PICTURES: readonly AndroidImage[] = ['logo', 'icone', 'fundo'];

/** A list entry also carries a read grant for its APK, so a plain link (a phone, a new tab) can download it as `?auth_token=`. */
export type AndroidAppView = AndroidApp & { download_token: string };


const fieldsOf = (r: AndroidConfigRow): AndroidConfigFields => ({
  webtv_nome: r.webtv_nome, webtv_facebook: r.webtv_facebook, webtv_twitter: r.webtv_twitter, webtv_site: r.webtv_site,
  webtv_descricao: r.webtv_descricao, versao: r.versao, tema: r.tema, app_email: r.app_email, app_whatsapp: r.app_whatsapp,
  app_url_facebook: r.app_url_facebook, app_url_instagram: r.app_url_instagram, app_url_twitter: r.app_url_twitter,
  app_url_site: r.app_url_site, app_cor_texto: r.app_cor_texto, app_cor_menu_claro: r.app_cor_menu_claro,
  app_cor_menu_escuro: r.app_cor_menu_escuro, app_tela_inicial: r.app_tela_inicial === 2 ? 2 : 1, chat: bool(r.chat),
});

const columnsOf = (f: AndroidConfigFields) => ({ ...f, chat: f.chat ? 1 : 0 });

/**
 * The Android app: its configuration (with the logo, icon and background pictures), the APKs
 * built from it or from the multi-platform app, and their download. Every method acts on the
 * owner's rows only; another account's id is 404.
 */
/**
 * A build whose job ended without ending its row (the worker died and the job ran out of
 * attempts, or the job went missing) ends with the job's error: a row never stays 'Em
 * andamento' after its job is over. Run before the rows are read (both app pages show them).
 */
export async function endOrphanBuilds(deps: { db: Db; repo?: AndroidRepo; jobs: Pick<Jobs, 'latestOf'> }, userId: number): Promise<void> {
  const repo = deps.repo ?? createAndroidRepo();
  const { db } = deps;
  const open = await repo.building(db, userId);
  if (!open.length) return;
  const jobs = await deps.jobs.latestOf(userId, apkJob, open.map((r) => r.id));
  for (const row of open) {
    const job = jobs.get(row.id);
    if (job && (job.state === 'queued' || job.state === 'running')) continue;
    await repo.finish(db, row.id, { state: 'error', aviso: job?.state === 'failed' && job.error ? job.error : errorText('apk_build_failed') });
  }
}

export function createAndroidService(deps: {
  db: Db; dialect: Dialect; repo: AndroidRepo; jobs: Jobs; config: Config; grants: Grants;
  /** The panel's address on the server of the account with this login (the app opens its pages there). */
  webOf: (login: string) => Promise<string>;
}) {
  const { db, repo, config, grants } = deps;
  const tvBase = (login: string) => `${WEBAPP_BASE}/${encodeURIComponent(login)}/tv/`;
  const grantSubject = (userId: number, zip: string) => `apk/${userId}/${zip}`;

  const view = (r: AndroidAppRow): AndroidAppView => {
    const status = STATUS_CODE[r.state] ?? 0;
    const zip = r.state === 'done' && r.zip ? r.zip : '';
    const grant = zip ? grants.issue(grantSubject(r.user_id, zip)) : null;
    return {
      id: r.id, data: r.created_at, status, aviso: r.aviso, zip, nome: r.nome, versao: r.versao, origem: r.origem,
      download_token: grant ? `${grant.exp}.${grant.sig}` : '',
    };
  };

  const configView = (login: string, r: AndroidConfigRow): AndroidConfig => {
    const file = (name: string) => `${tvBase(login)}files/${encodeURIComponent(name)}`;
    return {
      ...fieldsOf(r), app_url_chat: bool(r.chat) ? `${tvBase(login)}#chat` : '', url_logo: file(r.logo), url_icone: file(r.icone), url_fundo: file(r.fundo),
    };
  };

  const reconcile = (userId: number) => endOrphanBuilds({ db, repo, jobs: deps.jobs }, userId);

  /** A row at 'Em andamento' and its job, in the caller's transaction. */
  async function queueBuild(tx: Tx, owner: Owner, b: { origem: AndroidAppRow['origem']; versao: string; spec: Omit<ApkInput['spec'], 'packageName'> }) {
    const row = await repo.insertApp(tx, { userId: owner.userId, origem: b.origem, nome: b.spec.label, versao: b.versao });
// the web app's APK is another app on the phone than the Android page's, so one never replaces the other
    const packageName = `${packageNameFor(owner.login)}${b.origem === 'multiplataforma' ? '.app' : ''}`;
    const input: ApkInput = { appId: row.id, login: owner.login, spec: { ...b.spec, packageName } };
    const job = await deps.jobs.enqueue(tx, apkJob, { userId: owner.userId, subjectId: row.id, input });
    if (!job) throw new AppError('android_building');
    return row;
  }

  /**
   * Stores the new pictures, then runs `write` in a transaction that sees the configuration as
   * it was; the pictures it replaced go once the row names the new ones. When anything fails
   * before the commit, the new files go and the row is as it was.
   */
  async function withPictures<T>(owner: Owner, pictures: Partial<Record<AndroidImage, CleanImage>>,
    write: (tx: Tx, names: Partial<Record<AndroidImage, string>>, previous: AndroidConfigRow | undefined) => Promise<T>): Promise<T> {
    const dir = imageDir(config.dataDir, owner.userId);
    const names: Partial<Record<AndroidImage, string>> = {};
    let previous: AndroidConfigRow | undefined;
    let result: T;
    try {
      for (const kind of PICTURES) {
        const img = pictures[kind];
        if (!img) continue;
        names[kind] = `${kind}-${randomBytes(12).toString('hex')}.${img.ext}`;
        await writeAtomic(dir, names[kind], img.data);
      }
      result = await db.transaction().execute(async (tx) => {
        previous = await repo.configForUpdate(tx, owner.userId, deps.dialect === 'postgres');
        return write(tx, names, previous);
      });
    } catch (e) {
      for (const name of Object.values(names)) await fsp.rm(path.join(dir, name), { force: true });
      throw e;
    }
    for (const kind of PICTURES) {
      const old = previous?.[kind];
      if (names[kind] && old && old !== names[kind]) await fsp.rm(path.join(dir, path.basename(old)), { force: true }).catch(() => undefined);
    }
    return result;
  }

  /** The pictures the form carries, each checked; `required` ones must all be there. */
  async function pictures(form: Form, kinds: readonly AndroidImage[], required: boolean) {
    if (required && kinds.some((k) => !form.files[k])) throw new AppError('android_images_required');
    const out: Partial<Record<AndroidImage, CleanImage>> = {};
    for (const kind of kinds) {
      const data = form.files[kind];
      if (data) out[kind] = await androidImage(kind, data);
    }
    return out;
  }

  /** A picture of the account's web app, or null when it has none (or its file is gone). */
  async function webappFile(userId: number, name: string | null): Promise<Buffer | null> {
    if (!name || path.basename(name) !== name) return null;
    return fsp.readFile(path.join(webappDir(config.dataDir, userId), name)).catch(() => null);
  }

  return {
    async list(owner: Owner): Promise<AndroidAppView[]> {
      await reconcile(owner.userId);
      return (await repo.apps(db, owner.userId)).map(view);
    },

    async config(owner: Owner) {
      const row = await repo.config(db, owner.userId);
      return { success: true, config: row ? configView(owner.login, row) : null, preview_url: tvBase(owner.login) };
    },

    /** Saves (or replaces) the configuration with its three pictures and queues an APK of it. */
    async create(owner: Owner, form: Form) {
      const current = await repo.config(db, owner.userId);
      const fields = configFields(form, current ? fieldsOf(current) : DEFAULT_FIELDS, CREATE_FIELDS);
      const { code } = version(fields.versao);
      const images = await pictures(form, PICTURES, true);
      const [primary = '', dark = ''] = fields.tema.split('|');
      const spec = {
        label: fields.webtv_nome, versionName: fields.versao, versionCode: code, url: `${await deps.webOf(owner.login)}${tvBase(owner.login)}`,
        icon: images.icone!.data.toString('base64'), primaryColor: primary, primaryDarkColor: dark,
      };
      const row = await withPictures(owner, images, async (tx, names) => {
        await repo.saveConfig(tx, owner.userId, { ...columnsOf(fields), logo: names.logo!, icone: names.icone!, fundo: names.fundo! });
        return queueBuild(tx, owner, { origem: 'android', versao: fields.versao, spec });
      });
      return { success: true, message: msg.androidCreated, app: view(row) };
    },

    /** Changes what the app's screen shows (contacts, colours, start screen, chat) and, optionally, its logo and background. */
    async configure(owner: Owner, form: Form) {
      const current = await repo.config(db, owner.userId);
      if (!current) throw new AppError('android_no_config');
      const fields = configFields(form, fieldsOf(current), CONFIGURE_FIELDS);
      const images = await pictures(form, ['logo', 'fundo'], false);
      const columns = columnsOf(fields);
      const patch = Object.fromEntries(CONFIGURE_FIELDS.map((k) => [k, columns[k]]));
      await withPictures(owner, images, async (tx, names) => {
        if (!(await repo.updateConfig(tx, owner.userId, { ...patch, ...names }))) throw new AppError('android_no_config');
      });
      const row = await repo.config(db, owner.userId);
      return { success: true, message: msg.androidConfigured, config: configView(owner.login, row!) };
    },

    /** Removes one APK (its file too); the configuration stays. */
    async remove(owner: Owner, id: number) {
      const row = await repo.app(db, owner.userId, id);
      if (!row) throw notFound();
      await reconcile(owner.userId);
      if (!(await repo.deleteApp(db, owner.userId, id))) {
        if (await repo.app(db, owner.userId, id)) throw new AppError('android_building');
        throw notFound();
      }
      if (row.zip) await fsp.rm(path.join(apkDir(config.dataDir), path.basename(row.zip)), { force: true });
      return { success: true, message: msg.androidRemoved };
    },

    /**
     * 'Criar APK Android' of the multi-platform app: an APK that opens the web app, with its logo
     * as the icon. The web app must exist and have a name, a logo and a background (those sent
     * with the request count); one such build at a time.
     */
    async createFromWebapp(owner: Owner, form: Form) {
      const app = await repo.webapp(db, owner.userId);
      const nome = (form.fields.nome?.trim() || app?.nome || '').trim();
      const logo = form.files.logo ?? (await webappFile(owner.userId, app?.logo ?? null));
      const background = form.files.background ?? (await webappFile(owner.userId, app?.background ?? null));
      if (!app || !nome || !logo || !background) throw new AppError('apk_requirements');
      if ([...nome].length > WEBAPP_LIMITS.nameMax) throw new AppError('invalid_data');
      // the APK's label, compiled by aapt: one line, whether typed here or the web app's saved name
      if (hasControlChars(nome)) throw new AppError('control_chars');
      const { versao, code } = version(form.fields.versao);
      await readImage(logo);
      await readImage(background);
      const icon = await squarePng(logo, ICON_SIZE);
      const spec = {
        label: nome, versionName: versao, versionCode: code, url: `${await deps.webOf(owner.login)}${WEBAPP_BASE}/${encodeURIComponent(owner.login)}/`,
        icon: icon.toString('base64'), primaryColor: safeColor(app.cor_splash, WEBAPP_DEFAULTS.cor_splash),
        primaryDarkColor: safeColor(app.cor_menu_escuro, WEBAPP_DEFAULTS.cor_menu_escuro),
      };
      await reconcile(owner.userId);
      const row = await db.transaction().execute(async (tx) => {
        if ((await repo.building(tx, owner.userId)).some((r) => r.origem === 'multiplataforma')) throw busy('apk_busy');
        return queueBuild(tx, owner, { origem: 'multiplataforma', versao, spec });
      });
      return { success: true, message: msg.apkQueued, app_id: row.id };
    },

    /**
     * A built APK: with a session, only the account's own; without one, `grant` must be the read
     * grant the list gave for that file. Unknown names and other accounts' files are 404.
     */
    async apkFile(zip: string, who: { owner: Owner } | { grant: string }): Promise<{ path: string; nome: string; size: number }> {
      if (!APK_FILE.test(zip)) throw notFound();
      const row = await repo.appByZip(db, zip);
      if (!row) throw notFound();
      if ('owner' in who) {
        if (row.user_id !== who.owner.userId) throw notFound();
      } else {
        const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(who.grant);
        if (!m || !grants.verify(grantSubject(row.user_id, zip), m[1], m[2])) throw new AppError('invalid_token');
      }
      const file = path.join(apkDir(config.dataDir), zip);
      const st = await fsp.stat(file).catch(() => null);
      if (!st?.isFile()) throw notFound();
      return { path: file, nome: `${row.nome} ${row.versao}.apk`, size: st.size };
    },
  };
}
export type AndroidService = ReturnType<typeof createAndroidService>;

export { apkDir, apkFileName, writeAtomic };
