import { z } from 'zod';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { errorText, msg, type WebApp, type WebAppBanner } from '@painel/contract';
import { IMAGE_MAX_BYTES } from '../../platform/images.ts';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type File = { data: Buffer; type: string; name: string };

const EVERY_FIELD = {
  nome: 'TV Exemplo', email: 'contato@exemplo.com.br', whatsapp: '+55 11 99999-0000',
  url_facebook: 'https://facebook.com/tvexemplo', url_instagram: 'https://instagram.com/tvexemplo',
  url_twitter: 'https://x.com/tvexemplo', url_site: 'https://tvexemplo.com.br', url_youtube: 'https://youtube.com/@tvexemplo',
  cor_texto: '#112233', cor_menu_claro: '#f0f0f0', cor_menu_escuro: '#202020', cor_splash: '#FF6600',
  text_prog: 'Segunda a sexta: jornal às 7h.\nSábado: esportes.', text_hist: 'Fundada em 1990 <b>na cidade</b>.',
  modelo: '2', chat: 'on', contador: 'true',
};

describe('App Multiplataforma: settings and banners', () => {
  let h: Harness;
  let a: { id: number; usuario: string; token: string };
  let b: { id: number; usuario: string; token: string };
  let logo: File;
  let background: File;
  let svg: File;
  let gif: File;

  const form = (values: Record<string, string>, files: Record<string, File> = {}) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(values)) fd.append(k, v);
    for (const [k, f] of Object.entries(files)) fd.append(k, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
    return fd;
  };
  const api = (token: string, method: Method, url: string, payload?: FormData) =>
    h.app.inject({ method, url, headers: bearerHeader(token), ...(payload && { payload }) });
  const appOf = async (token: string) => (await api(token, 'GET', '/api/app-multiplataforma')).json<{ success: boolean; app: WebApp | null }>().app;
  const dirOf = (userId: number) => path.join(h.config.dataDir, 'apps', String(userId), 'webapp');
  const filesOf = (userId: number) => (fs.existsSync(dirOf(userId)) ? fs.readdirSync(dirOf(userId)).sort() : []);
  const fileOf = (url: string) => url.split('/').pop()!;

  before(async () => {
    h = await startHarness({ env: { PUBLIC_HOST: 'tv.exemplo.com.br', PORT: '3001' } });
    const ca = await h.createAccount();
    const cb = await h.createAccount();
    a = { ...ca, token: await h.login(ca.email, ca.password) };
    b = { ...cb, token: await h.login(cb.email, cb.password) };
    const solid = (w: number, hgt: number) => sharp({ create: { width: w, height: hgt, channels: 3, background: '#3366cc' } });
    logo = { data: await solid(300, 300).png().toBuffer(), type: 'image/png', name: 'logo.png' };
    // a photo carrying its camera's metadata, which the published app must never hand out
    background = {
      data: await solid(640, 1136).jpeg().withExif({ IFD0: { Artist: 'Fulano', Copyright: 'Camera do Fulano' } }).toBuffer(),
      type: 'image/jpeg', name: 'fundo.jpg',
    };
    svg = { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><script>alert(1)</script></svg>'), type: 'image/svg+xml', name: 'logo.svg' };
    const frame = (colour: string) => sharp({ create: { width: 300, height: 300, channels: 4, background: colour } }).gif().toBuffer();
    const frames = [await frame('#ff0000'), await frame('#00ff00')];
    gif = { data: await sharp(frames, { join: { animated: true } }).gif().toBuffer(), type: 'image/gif', name: 'anim.gif' };
  });
  after(() => h.close());

  test('no app yet: GET answers null; PUT cannot update what does not exist', async () => {
    assert.equal(await appOf(a.token), null);
    const r = await api(a.token, 'PUT', '/api/app-multiplataforma', form({ nome: 'X' }));
    assert.equal(r.statusCode, 404);
    assert.equal(r.json().error, errorText('webapp_not_found'));
  });

  test('the name is required: exact message, no row and no file', async () => {
    const r = await api(b.token, 'POST', '/api/app-multiplataforma', form({ ...EVERY_FIELD, nome: '   ' }, { logo, background }));
    assert.equal(r.statusCode, 400);
    assert.deepEqual(r.json(), { success: false, error: msg.appNameRequired, code: 'app_name_required' });
    assert.equal(await appOf(b.token), null);
    assert.deepEqual(filesOf(b.id), []);
  });

  test('each field is checked before anything is written', async () => {
    for (const [over, error] of [
      [{ cor_splash: 'azul' }, errorText('invalid_color')],
      [{ cor_texto: '#12345' }, errorText('invalid_color')],
      [{ url_site: 'javascript:alert(1)' }, errorText('invalid_link')],
      [{ url_youtube: 'youtube.com/canal' }, errorText('invalid_link')],
      [{ email: 'contato@' }, errorText('invalid_email')],
      [{ modelo: '3' }, errorText('invalid_model')],
      [{ nome: 'N'.repeat(61) }, msg.invalidData],
    ] as const) {
      const r = await api(b.token, 'POST', '/api/app-multiplataforma', form({ ...EVERY_FIELD, ...over }, { logo, background }));
      assert.equal(r.statusCode, 400, JSON.stringify(over));
      assert.equal(r.json().error, error, JSON.stringify(over));
    }
    assert.equal(await appOf(b.token), null);
    assert.deepEqual(filesOf(b.id), []);
  });

  test('saving every field and both images, then reading it back', async () => {
    const r = await api(a.token, 'POST', '/api/app-multiplataforma', form(EVERY_FIELD, { logo, background }));
    assert.equal(r.statusCode, 200, r.body);
    const saved = r.json<{ success: boolean; message: string; app: WebApp }>();
    assert.equal(saved.message, msg.appSaved);
    const app = saved.app;
    const base = 'http://tv.exemplo.com.br:3001';
    assert.deepEqual({ ...app, url_logo: '', url_background: '' }, {
      ...EVERY_FIELD, id: a.id, cor_menu_claro: '#F0F0F0', modelo: 2, chat: true, contador: true,
      url_logo: '', url_background: '', url_chat: `/webapp/${a.usuario}/#chat`,
      apk_criado: false, apk_zip: '', apk_status: 'none',
      link: `${base}/webapp/${a.usuario}/`, qr_code: `${base}/webapp/${a.usuario}/qr.svg`,
    });
    assert.match(app.url_logo, new RegExp(`^/webapp/${a.usuario}/files/[a-f0-9]{24}\\.png$`));
    assert.match(app.url_background, new RegExp(`^/webapp/${a.usuario}/files/[a-f0-9]{24}\\.jpg$`));
    assert.deepEqual(await appOf(a.token), app);

    assert.deepEqual(filesOf(a.id), [fileOf(app.url_logo), fileOf(app.url_background)].sort());
    const stored = await sharp(path.join(dirOf(a.id), fileOf(app.url_background))).metadata();
    assert.equal(stored.width, 640);
    assert.equal(stored.exif, undefined, 'the camera metadata is not kept');
  });

  test('a new logo replaces the old file; what was not sent is kept; chat off clears its address', async () => {
    const before = (await appOf(a.token))!;
    const newLogo = { ...logo, data: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#00ff00' } }).png().toBuffer() };
    const r = await api(a.token, 'PUT', '/api/app-multiplataforma', form({ ...EVERY_FIELD, nome: 'TV Exemplo 2', chat: 'false' }, { logo: newLogo }));
    assert.equal(r.statusCode, 200, r.body);
    const app = r.json<{ app: WebApp }>().app;
    assert.equal(app.nome, 'TV Exemplo 2');
    assert.equal(app.url_chat, '');
    assert.notEqual(app.url_logo, before.url_logo);
    assert.equal(app.url_background, before.url_background);
    assert.deepEqual(filesOf(a.id), [fileOf(app.url_logo), fileOf(app.url_background)].sort());
  });

  test('an SVG, an animated or a too large logo is refused and leaves no file and no change', async () => {
    const before = await appOf(a.token);
    const files = filesOf(a.id);
    const huge = { data: Buffer.alloc(IMAGE_MAX_BYTES + 1), type: 'image/png', name: 'enorme.png' };
    for (const [bad, error] of [[svg, errorText('image_invalid')], [gif, errorText('image_animated')], [huge, msg.imageTooLarge]] as const) {
      const r = await api(a.token, 'POST', '/api/app-multiplataforma', form({ ...EVERY_FIELD, nome: 'Outro nome' }, { logo: bad, background }));
      assert.equal(r.statusCode, 400);
      assert.equal(r.json().error, error);
    }
    assert.deepEqual(await appOf(a.token), before);
    assert.deepEqual(filesOf(a.id), files);
  });

  test("the APK state comes from the account's latest APK of this page", async () => {
    const db = h.core.store.db;
    const now = new Date().toISOString();
    const row = { user_id: a.id, origem: 'multiplataforma' as const, nome: 'TV', versao: '1.0', created_at: now, updated_at: now };
    await db.insertInto('android_apps').values({ ...row, state: 'done', zip: 'tv-exemplo-1.apk' }).execute();
    assert.deepEqual(pick(await appOf(a.token)), { apk_criado: true, apk_zip: 'tv-exemplo-1.apk', apk_status: 'done' });
    const building = await db.insertInto('android_apps').values({ ...row, state: 'building', zip: null }).returning('id').executeTakeFirstOrThrow();
    const job = await h.core.jobs.enqueue(db, { kind: 'apk', input: z.unknown() }, { userId: a.id, subjectId: building.id, input: {} });
    assert.ok(job);
    assert.deepEqual(pick(await appOf(a.token)), { apk_criado: false, apk_zip: '', apk_status: 'building' });
    await db.insertInto('android_apps').values({ ...row, origem: 'android', state: 'error', zip: null }).execute();
    assert.deepEqual(pick(await appOf(a.token)), { apk_criado: false, apk_zip: '', apk_status: 'building' });
    // its job ended without ending the row (a worker that died with no attempts left): the page says error, not building forever
    await db.updateTable('jobs').set({ state: 'failed', error: errorText('job_interrupted') }).where('id', '=', job.id).execute();
    assert.deepEqual(pick(await appOf(a.token)), { apk_criado: false, apk_zip: '', apk_status: 'error' });
    const ended = await db.selectFrom('android_apps').select(['state', 'aviso']).where('id', '=', building.id).executeTakeFirstOrThrow();
    assert.deepEqual(ended, { state: 'error', aviso: errorText('job_interrupted') });
    function pick(app: WebApp | null) {
      return { apk_criado: app?.apk_criado, apk_zip: app?.apk_zip, apk_status: app?.apk_status };
    }
  });

  test('banners: add, list and delete; another account neither sees nor deletes them', async () => {
    const banner = { data: await sharp({ create: { width: 400, height: 60, channels: 3, background: '#222222' } }).png().toBuffer(), type: 'image/png', name: 'b.png' };
    for (const missing of [form({ nome: 'Sem imagem' }), form({ nome: ' ' }, { banner })]) {
      const r = await api(a.token, 'POST', '/api/app-multiplataforma/banners', missing);
      assert.equal(r.statusCode, 400);
      assert.equal(r.json().error, msg.bannerRequired);
    }
    const badLink = await api(a.token, 'POST', '/api/app-multiplataforma/banners', form({ nome: 'Loja', link: 'ftp://loja' }, { banner }));
    assert.equal(badLink.json().error, errorText('invalid_link'));
    const filesBefore = filesOf(a.id);

    const r = await api(a.token, 'POST', '/api/app-multiplataforma/banners', form({ nome: 'Loja', link: 'https://loja.exemplo.com.br' }, { banner }));
    assert.equal(r.statusCode, 200, r.body);
    const added = r.json<{ message: string; banner: WebAppBanner }>();
    assert.equal(added.message, msg.bannerAdded);
    assert.match(added.banner.url_imagem, new RegExp(`^/webapp/${a.usuario}/files/[a-f0-9]{24}\\.png$`));
    assert.ok(Math.abs(Date.parse(added.banner.data_cadastro) - Date.now()) < 60_000);
    assert.deepEqual({ ...added.banner, url_imagem: '', data_cadastro: '' }, {
      id: added.banner.id, nome: 'Loja', link: 'https://loja.exemplo.com.br', url_imagem: '', data_cadastro: '', exibicoes: 0, cliques: 0,
    });
    assert.deepEqual(filesOf(a.id), [...filesBefore, fileOf(added.banner.url_imagem)].sort());
    const noLink = await api(a.token, 'POST', '/api/app-multiplataforma/banners', form({ nome: 'Sem link' }, { banner }));
    assert.equal(noLink.json<{ banner: WebAppBanner }>().banner.link, '');

    const list = (token: string) => api(token, 'GET', '/api/app-multiplataforma/banners').then((x) => x.json<{ banners: WebAppBanner[] }>().banners);
    assert.deepEqual((await list(a.token)).map((x) => x.nome), ['Sem link', 'Loja']);
    assert.deepEqual(await list(b.token), []);

    const foreign = await api(b.token, 'DELETE', `/api/app-multiplataforma/banners/${added.banner.id}`);
    assert.equal(foreign.statusCode, 404);
    assert.equal((await list(a.token)).length, 2);
    assert.ok(filesOf(a.id).includes(fileOf(added.banner.url_imagem)));

    const del = await api(a.token, 'DELETE', `/api/app-multiplataforma/banners/${added.banner.id}`);
    assert.equal(del.statusCode, 200);
    assert.equal(del.json().message, msg.bannerRemoved);
    assert.deepEqual((await list(a.token)).map((x) => x.nome), ['Sem link']);
    assert.ok(!filesOf(a.id).includes(fileOf(added.banner.url_imagem)), 'the image is removed with the banner');
    assert.equal((await api(a.token, 'DELETE', `/api/app-multiplataforma/banners/${added.banner.id}`)).statusCode, 404);
  });

  test('notifications: an app is needed, title, icon and message are required, 160 characters at most', async () => {
    const icon = { ...logo, name: 'icone.png' };
    const noApp = await api(b.token, 'POST', '/api/app-multiplataforma/notifications', form({ titulo: 'Oi', mensagem: 'Olá' }, { url_icone: icon }));
    assert.equal(noApp.statusCode, 400);
    assert.equal(noApp.json().error, msg.pushNoApp);

    const files = filesOf(a.id);
    const send = (values: Record<string, string>, withIcon = true) =>
      api(a.token, 'POST', '/api/app-multiplataforma/notifications', form(values, withIcon ? { url_icone: icon } : {}));
    for (const [values, withIcon, error] of [
      [{ titulo: 'Oi', mensagem: 'Olá' }, false, msg.pushRequired],
      [{ titulo: '', mensagem: 'Olá' }, true, msg.pushRequired],
      [{ titulo: 'Oi', mensagem: 'x'.repeat(161) }, true, errorText('push_message_too_long')],
      [{ titulo: 'Oi', mensagem: 'Olá', url_link: 'nada' }, true, errorText('invalid_link')],
    ] as const) {
      const r = await send(values, withIcon);
      assert.equal(r.statusCode, 400);
      assert.equal(r.json().error, error);
    }
    assert.deepEqual(filesOf(a.id), files);
    assert.equal((await h.core.store.db.selectFrom('push_notifications').select('id').execute()).length, 0);

    const ok = await send({ titulo: 'Oi', mensagem: 'x'.repeat(160) });
    assert.deepEqual(ok.json(), { success: true, message: msg.pushSent, enviados: 0, falhas: 0 });
  });
});
