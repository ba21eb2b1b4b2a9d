import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { errorText, msg, type AndroidConfig, type ServerErrorCode } from '@painel/contract';
import { nowIso } from '../../platform/db.ts';
import { createJobRunner } from '../../platform/jobs.ts';
import { runnableJobs } from '../../worker.ts';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { eventually } from '../../testing/live.ts';
import { apkJob } from './android.jobs.ts';
import type { AndroidAppView } from './android.service.ts';

interface FilePart {
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends the form. */
function formBody(fields: Record<string, string>, files: Record<string, FilePart | undefined>) {
  const boundary = `----painel${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, f] of Object.entries(files)) {
    if (!f) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const picture = async (width: number, height: number, format: 'png' | 'jpeg', colour = '#0099CC'): Promise<FilePart> => {
  const img = sharp({ create: { width, height, channels: 3, background: colour } });
  const data = await (format === 'png' ? img.png() : img.jpeg()).toBuffer();
  return { name: `img.${format === 'png' ? 'png' : 'jpg'}`, type: `image/${format}`, data };
};

const tool = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

// real media, the same on either database: run once, in the SQLite phase
describe('Android app', { skip: process.env.TEST_PG_ADMIN_URL ? 'coberto na execução com SQLite' : false }, () => {
  let h: Harness;
  let tmp: string;
  let img: Record<'logo' | 'icone' | 'fundo' | 'logo200' | 'logoJpeg' | 'icone100' | 'fundoPng' | 'fundoSmall' | 'svg', FilePart>;

  before(async () => {
    h = await startHarness();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-android-'));
    img = {
      logo: await picture(300, 300, 'png'),
      icone: await picture(144, 144, 'png', '#CC0000'),
      fundo: await picture(640, 1136, 'jpeg'),
      logo200: await picture(200, 200, 'png'),
      logoJpeg: await picture(300, 300, 'jpeg'),
      icone100: await picture(100, 100, 'png'),
      fundoPng: await picture(640, 1136, 'png'),
      fundoSmall: await picture(600, 1000, 'jpeg'),
      svg: { name: 'logo.svg', type: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><script>alert(1)</script></svg>') },
    };
  });
  after(async () => {
    await h?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function account() {
    const a = await h.createAccount();
    const token = await h.login(a.email, a.password);
    const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, form?: ReturnType<typeof formBody>) => {
      const r = await h.app.inject({
        method, url, headers: { ...bearerHeader(token), ...(form ? { 'content-type': form.contentType } : {}) }, ...(form ? { payload: form.payload } : {}),
      });
      return { status: r.statusCode, body: r.json() };
    };
    return {
      ...a, token, send,
      apps: async () => (await send('GET', '/api/app-android')).body.apps as AndroidAppView[],
      config: async () => (await send('GET', '/api/app-android/config')).body as { config: AndroidConfig | null; preview_url: string },
      create: (fields: Record<string, string>, files: Record<string, FilePart | undefined>) => send('POST', '/api/app-android/create', formBody(fields, files)),
    };
  }
  type Account = Awaited<ReturnType<typeof account>>;

  const fullForm = (nome: string) => ({
    webtv_nome: nome, webtv_facebook: 'https://facebook.com/minhatv', webtv_twitter: '', webtv_site: 'https://minhatv.com.br',
    webtv_descricao: 'A TV da cidade', versao: '1.2', tema: '#0099CC|#003399', app_email: 'contato@minhatv.com.br', app_whatsapp: '+55 11 99999-0000',
    app_url_facebook: '', app_url_instagram: 'https://instagram.com/minhatv', app_url_twitter: '', app_url_site: '',
    app_cor_texto: '#000000', app_cor_menu_claro: '#FFFFFF', app_cor_menu_escuro: '#000000', app_tela_inicial: '1', chat: 'true',
    // sent by the page but never trusted
    servidor: 'outro-servidor', login: 'outra_conta', idioma_painel: 'pt-br',
  });
  const rightImages = () => ({ logo: img.logo, icone: img.icone, fundo: img.fundo });

  const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
  const pictures = (userId: number) => filesIn(path.join(h.config.dataDir, 'apps', String(userId), 'android'));
  const apkFiles = () => filesIn(path.join(h.config.dataDir, 'apps', 'apk'));
  const count = async (table: 'android_apps' | 'android_configs' | 'jobs') => (await h.core.store.db.selectFrom(table).select('user_id').execute()).length;

  /** Runs the worker's job runner (the APK handler as worker.ts wires it) until `ended` answers, then stops it. */
  async function runJobsUntil<T>(ended: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
    const r = createJobRunner({
      db: h.core.store.db, dialect: h.core.store.dialect, nodeId: 1, tag: `${h.config.dataDir}#teste`,
      workRoot: path.join(h.core.library.storage.root, '.jobs'), kinds: runnableJobs(h.core, [{ name: 'android-app', jobs: [apkJob] }]),
      leaseMs: 30_000, tickMs: 200, log: () => {},
    });
    r.start();
    try {
      return await eventually(ended, ms, 'APK pronto');
    } finally {
      await r.stop();
    }
  }
  const ended = (a: Account, id: number) => async () => (await a.apps()).find((x) => x.id === id && x.status !== 0);

  /** Downloads an APK and checks it the way a phone would take it: signed, labelled, launchable, with its code readable. */
  async function checkApk(data: Buffer, label: string) {
    assert.equal(data.subarray(0, 2).toString(), 'PK');
    const file = path.join(tmp, `${Math.random().toString(16).slice(2)}.apk`);
    fs.writeFileSync(file, data);
    tool('apksigner', ['verify', file]);
    const badging = tool('aapt', ['dump', 'badging', file]);
    // aapt prints a double quote escaped
    assert.ok(badging.includes(`application-label:'${label.replaceAll('"', '\\"')}'`), badging);
    assert.match(badging, /launchable-activity: name='br\.com\.painel\.tv\.[a-z0-9_.]+\.MainActivity'/);
    const dex = path.join(tmp, 'classes.dex');
    fs.writeFileSync(dex, execFileSync('unzip', ['-p', file, 'classes.dex']));
    return { badging, dex: tool('dexdump', ['-d', dex]) };
  }

  test('refused input gets its exact message and stores nothing', async () => {
    const a = await account();
    const good = fullForm('Minha TV');
    const cases: [Record<string, string>, Record<string, FilePart | undefined>, ServerErrorCode][] = [
      [{ ...good, webtv_nome: '  ' }, rightImages(), 'android_name_required'],
      [{ ...good, webtv_nome: 'Á'.repeat(31) }, rightImages(), 'android_name_too_long'],
      // the name is the APK's label, compiled by aapt: one line, no control characters
      [{ ...good, webtv_nome: 'Minha\u0000TV' }, rightImages(), 'control_chars'],
      [{ ...good, webtv_nome: 'Minha\nTV' }, rightImages(), 'control_chars'],
      [good, { ...rightImages(), icone: undefined }, 'android_images_required'],
      [good, { ...rightImages(), fundo: { ...img.fundo, data: Buffer.alloc(0) } }, 'android_images_required'],
      [good, { ...rightImages(), logo: img.logo200 }, 'android_logo_size'],
      [good, { ...rightImages(), logo: img.logoJpeg }, 'android_logo_type'],
      [good, { ...rightImages(), logo: img.svg }, 'android_logo_type'],
      [good, { ...rightImages(), icone: img.icone100 }, 'android_icon_size'],
      [good, { ...rightImages(), icone: img.fundo }, 'android_icon_type'],
      [good, { ...rightImages(), fundo: img.fundoPng }, 'android_background_type'],
      [good, { ...rightImages(), fundo: img.fundoSmall }, 'android_background_size'],
      [{ ...good, versao: '3.0' }, rightImages(), 'android_version_invalid'],
      [{ ...good, tema: '#FFFFFF|#000000' }, rightImages(), 'android_theme_invalid'],
      [{ ...good, app_cor_texto: 'red' }, rightImages(), 'invalid_color'],
      [{ ...good, webtv_site: 'javascript:alert(1)' }, rightImages(), 'invalid_link'],
      [{ ...good, app_email: 'contato@' }, rightImages(), 'invalid_email'],
      [{ ...good, app_tela_inicial: '3' }, rightImages(), 'android_start_screen_invalid'],
      [good, { ...rightImages(), fundo: { ...img.fundo, data: Buffer.concat([img.fundo.data, Buffer.alloc(5 * 1024 * 1024)]) } }, 'image_too_large'],
      [{ ...good, webtv_descricao: 'x'.repeat(40 * 1024) }, rightImages(), 'invalid_data'],
    ];
    for (const [fields, files, code] of cases) {
      const r = await a.create(fields, files);
      assert.equal(r.status, 400, code);
      assert.deepEqual(r.body, { success: false, error: errorText(code), code });
    }
    assert.deepEqual([await count('android_apps'), await count('android_configs'), await count('jobs')], [0, 0, 0]);
    assert.deepEqual(pictures(a.id), []);
    // nothing to configure yet
    const r = await a.send('PUT', '/api/app-android/configure', formBody({ app_tela_inicial: '2' }, {}));
    assert.deepEqual([r.status, r.body.error], [404, errorText('android_no_config')]);
  });

  test('a create builds a signed APK that downloads, is configured, and is removed; another account reaches none of it', async () => {
    const a = await account();
    const b = await account();
    const label = 'TV Ação & "Cia" <1>';
    const created = await a.create(fullForm(label), rightImages());
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal(created.body.message, msg.androidCreated);
    const app = created.body.app as AndroidAppView;
    assert.deepEqual([app.status, app.zip, app.nome, app.versao, app.origem], [0, '', label, '1.2', 'android']);
    assert.deepEqual((await a.apps()).map((x) => [x.id, x.status]), [[app.id, 0]]);

    const { config, preview_url } = await a.config();
    assert.equal(preview_url, `/webapp/${a.usuario}/tv/`);
    assert.ok(config);
    assert.deepEqual([config.webtv_nome, config.versao, config.app_whatsapp, config.chat, config.app_url_chat], [label, '1.2', '+55 11 99999-0000', true, `/webapp/${a.usuario}/tv/#chat`]);
    assert.match(config.url_logo, new RegExp(`^/webapp/${a.usuario}/tv/files/logo-[a-f0-9]{24}\\.png$`));
    assert.match(config.url_fundo, /\/fundo-[a-f0-9]{24}\.jpg$/);
    assert.equal(pictures(a.id).length, 3);

    const done = await runJobsUntil(ended(a, app.id));
    assert.equal(done.status, 1, done.aviso);
    assert.match(done.zip, new RegExp(`^${a.usuario}-${app.id}-[a-f0-9]{16}\\.apk$`));
    assert.deepEqual(apkFiles(), [done.zip]);

    const dl = await h.app.inject({ method: 'GET', url: `/app/apps/${done.zip}`, headers: bearerHeader(a.token) });
    assert.equal(dl.statusCode, 200);
    assert.equal(dl.headers['content-type'], 'application/vnd.android.package-archive');
    assert.match(String(dl.headers['content-disposition']), /^attachment; /);
    const { badging, dex } = await checkApk(dl.rawPayload, label);
    assert.match(badging, /versionCode='3' versionName='1\.2'/);
    assert.match(dex, new RegExp(`"http://localhost:${h.config.port}/webapp/${a.usuario}/tv/"`));

    // a plain link: the list's read grant as auth_token, no header; the session token itself is not taken from the address
    const byGrant = await h.app.inject({ method: 'GET', url: `/app/apps/${done.zip}?auth_token=${done.download_token}` });
    assert.equal(byGrant.statusCode, 200);
    assert.ok(byGrant.rawPayload.equals(dl.rawPayload));
    assert.equal((await h.app.inject({ method: 'GET', url: `/app/apps/${done.zip}?auth_token=${a.token}` })).statusCode, 401);
    assert.equal((await h.app.inject({ method: 'GET', url: `/app/apps/${done.zip}` })).statusCode, 401);

    // account B: its own (empty) list and configuration; A's app and file are 404 and stay as they were
    assert.deepEqual(await b.apps(), []);
    assert.equal((await b.config()).config, null);
    const bConfigure = await b.send('PUT', '/api/app-android/configure', formBody({ app_cor_texto: '#123456' }, { logo: img.logo }));
    assert.deepEqual([bConfigure.status, bConfigure.body.error], [404, errorText('android_no_config')]);
    assert.equal((await b.send('DELETE', `/api/app-android/${app.id}`)).status, 404);
    assert.equal((await h.app.inject({ method: 'GET', url: `/app/apps/${done.zip}`, headers: bearerHeader(b.token) })).statusCode, 404);
    assert.equal((await a.config()).config?.app_cor_texto, '#000000');
    assert.deepEqual(pictures(b.id), []);
    assert.deepEqual(apkFiles(), [done.zip]);

    // configure: the screen changes, a new logo is a new address and the old file goes
    const oldLogo = path.basename(config.url_logo);
    const configured = await a.send('PUT', '/api/app-android/configure', formBody(
      { app_tela_inicial: '2', app_cor_menu_escuro: '#112233', chat: 'false', webtv_nome: 'Ignorado' }, { logo: await picture(300, 300, 'png', '#00FF00') },
    ));
    assert.equal(configured.status, 200, JSON.stringify(configured.body));
    assert.equal(configured.body.message, msg.androidConfigured);
    const after = configured.body.config as AndroidConfig;
    assert.deepEqual([after.app_tela_inicial, after.app_cor_menu_escuro, after.chat, after.app_url_chat, after.webtv_nome], [2, '#112233', false, '', label]);
    assert.notEqual(after.url_logo, config.url_logo);
    assert.equal(after.url_fundo, config.url_fundo);
    assert.ok(!pictures(a.id).includes(oldLogo));
    assert.ok(pictures(a.id).includes(path.basename(after.url_logo)));
    const badLogo = await a.send('PUT', '/api/app-android/configure', formBody({ app_tela_inicial: '1' }, { logo: img.logo200 }));
    assert.deepEqual([badLogo.status, badLogo.body.error], [400, msg.androidLogoSize]);
    assert.equal((await a.config()).config?.app_tela_inicial, 2);

    // remove: the row and its file go, the configuration stays
    const removed = await a.send('DELETE', `/api/app-android/${app.id}`);
    assert.deepEqual([removed.status, removed.body.message], [200, msg.androidRemoved]);
    assert.deepEqual(await a.apps(), []);
    assert.deepEqual(apkFiles(), []);
    assert.equal((await h.app.inject({ method: 'GET', url: `/app/apps/${done.zip}`, headers: bearerHeader(a.token) })).statusCode, 404);
    assert.ok((await a.config()).config);
  });

  test("the multi-platform app's 'Criar APK Android' needs the app's name, logo and background, then builds one that opens the app", async () => {
    const a = await account();
    const createApk = (files: Record<string, FilePart | undefined> = {}) =>
      a.send('POST', '/api/app-multiplataforma/create-apk', formBody({ nome: 'Rádio Café', versao: '1.0', modelo: '1' }, files));
    const noApp = await createApk({ logo: img.logo, background: img.fundo });
    assert.deepEqual([noApp.status, noApp.body.error], [400, msg.apkRequirements]);

    const at = nowIso();
    await h.core.store.db.insertInto('webapps').values({ user_id: a.id, nome: 'Rádio Café', logo: null, background: null, created_at: at, updated_at: at }).execute();
    const noImages = await createApk();
    assert.deepEqual([noImages.status, noImages.body.error], [400, msg.apkRequirements]);
    const noBackground = await createApk({ logo: img.logo });
    assert.deepEqual([noBackground.status, noBackground.body.error], [400, msg.apkRequirements]);
    // the name becomes the APK's label: a control character is refused before any build is queued
    const badName = await a.send('POST', '/api/app-multiplataforma/create-apk', formBody({ nome: 'Rádio\u0000Café', versao: '1.0' }, { logo: img.logo, background: img.fundo }));
    assert.deepEqual([badName.status, badName.body.error], [400, errorText('control_chars')]);
    assert.deepEqual(await a.apps(), []);

    const queued = await createApk({ logo: img.logo, background: img.fundo });
    assert.equal(queued.status, 200, JSON.stringify(queued.body));
    assert.equal(queued.body.message, msg.apkQueued);
    const again = await createApk({ logo: img.logo, background: img.fundo });
    assert.deepEqual([again.status, again.body.error], [409, errorText('apk_busy')]);

    const done = await runJobsUntil(ended(a, queued.body.app_id));
    assert.deepEqual([done.status, done.origem, done.nome], [1, 'multiplataforma', 'Rádio Café']);
    const dl = await h.app.inject({ method: 'GET', url: `/app/apps/${done.zip}`, headers: bearerHeader(a.token) });
    const { dex } = await checkApk(dl.rawPayload, 'Rádio Café');
    assert.match(dex, new RegExp(`"http://localhost:${h.config.port}/webapp/${a.usuario}/"`));
  });

  test('a build never stays "Em andamento": a failed or dead job ends its row with the reason; a removed row leaves nothing', async () => {
    const a = await account();
    const first = (await a.create(fullForm('TV Um'), rightImages())).body.app as AndroidAppView;
    const busy = await a.send('DELETE', `/api/app-android/${first.id}`);
    assert.deepEqual([busy.status, busy.body.error], [409, errorText('android_building')]);

    // the worker died with no attempt left: the queue fails the job, and the list follows it
    const db = h.core.store.db;
    await db.updateTable('jobs').set({ state: 'failed', error: errorText('job_interrupted'), finished_at: nowIso() }).where('subject_id', '=', first.id).execute();
    const failed = (await a.apps()).find((x) => x.id === first.id);
    assert.deepEqual([failed?.status, failed?.aviso], [2, errorText('job_interrupted')]);
    assert.equal((await a.send('DELETE', `/api/app-android/${first.id}`)).status, 200);

    // the builder refuses what it was given: the row says why
    const second = (await a.create(fullForm('TV Dois'), rightImages())).body.app as AndroidAppView;
    const job = await db.selectFrom('jobs').select(['id', 'input']).where('subject_id', '=', second.id).where('kind', '=', 'apk').executeTakeFirstOrThrow();
    const input = JSON.parse(job.input) as { spec: { icon: string } };
    input.spec.icon = Buffer.from('não é uma imagem').toString('base64');
    await db.updateTable('jobs').set({ input: JSON.stringify(input) }).where('id', '=', job.id).execute();
    const broken = await runJobsUntil(ended(a, second.id));
    assert.deepEqual([broken.status, broken.aviso, broken.zip], [2, errorText('apk_build_failed'), '']);

    // removed (with its account, say) while it builds: the build's result is discarded
    const third = (await a.create(fullForm('TV Três'), rightImages())).body.app as AndroidAppView;
    const jobState = async () => (await db.selectFrom('jobs').select('state').where('subject_id', '=', third.id).where('kind', '=', 'apk').executeTakeFirst())?.state;
    let removed = false;
    await runJobsUntil(async () => {
      if (!removed && (await jobState()) === 'running') {
        await db.deleteFrom('android_apps').where('id', '=', third.id).execute();
        removed = true;
      }
      return removed && (await jobState()) === 'done';
    });
    assert.deepEqual(apkFiles().filter((f) => f.startsWith(`${a.usuario}-`)), []);
  });
});
