import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { WEBAPP_ICON_SIZES, errorText, type PublicWebApp } from '@painel/contract';
import { buildApp } from '../../api.ts';
import { createPublishedService } from './published.service.ts';
import { startHarness, type Harness } from '../../testing/harness.ts';
import { nowIso } from '../../platform/db.ts';
import { publishedRoutes, WEBAPP_PAGE_CSP } from './published.routes.ts';
import { vapidPublicKey } from './push.ts';
import { webappDir } from './webapp.service.ts';

/** The built page and service worker as Vite lays them out (the real build is not needed here). */
function fakeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-webapp-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Painel</title></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'webapp.html'),
    '<!doctype html><html lang="pt-BR"><head><title>App</title><script type="module" crossorigin src="/assets/webapp-abc.js"></script></head><body><div id="app"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'webapp-sw.js'), "self.addEventListener('push', () => {});");
  return dist;
}

const PUBLIC_KEYS: (keyof PublicWebApp)[] = [
  'nome', 'email', 'whatsapp', 'url_facebook', 'url_instagram', 'url_twitter', 'url_site', 'url_youtube', 'cor_texto', 'cor_menu_claro',
  'cor_menu_escuro', 'cor_splash', 'url_logo', 'url_background', 'text_prog', 'text_hist', 'modelo', 'chat', 'contador', 'player_url', 'push_key',
];

const png = (w: number, h: number, rgb: { r: number; g: number; b: number }) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { ...rgb, alpha: 1 } } }).png().toBuffer();
const pixel = async (data: Buffer, x: number, y: number) => {
  const { data: raw, info } = await sharp(data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [raw[i], raw[i + 1], raw[i + 2], raw[i + 3]];
};
const key = (bytes: number) => randomBytes(bytes).toString('base64url');

describe('the published web app', () => {
  let h: Harness;
  let app: FastifyInstance;
  let dist: string;
  let a: { id: number; email: string; usuario: string };
  let b: { id: number; email: string; usuario: string };
  let logoName: string;
  const db = () => h.core.store.db;
  let n = 0;
  const get = (url: string, o: Partial<InjectOptions> = {}) => app.inject({ method: 'GET', url, ...o });
  const post = (url: string, payload: object, ip = '10.0.0.1') => app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  /** Writes a picture into the account's app folder under a generated name, as the panel does. */
  async function putFile(userId: number, data: Buffer, ext = 'png'): Promise<string> {
    const name = `${randomBytes(12).toString('hex')}.${ext}`;
    fs.mkdirSync(webappDir(h.config.dataDir, userId), { recursive: true });
    fs.writeFileSync(path.join(webappDir(h.config.dataDir, userId), name), data);
    return name;
  }
  async function banner(userId: number, link: string) {
    const imagem = await putFile(userId, await png(400, 60, { r: 0, g: 128, b: 0 }));
    return db().insertInto('webapp_banners').values({ user_id: userId, nome: `Banner ${++n}`, link, imagem, created_at: nowIso() })
      .returning(['id', 'imagem']).executeTakeFirstOrThrow();
  }
  const bannerRow = (id: number) => db().selectFrom('webapp_banners').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  before(async () => {
    // the loopback peer stands for a push service: the guard lets it through and the push list names it
    h = await startHarness({ env: { OUTBOUND_ALLOW: '127.0.0.1:9', PUSH_SERVICE_HOSTS: '127.0.0.1:9', PUSH_MAX_PER_CHANNEL: '8' } });
    dist = fakeDist();
    app = await buildApp({ ...h.core, config: { ...h.config, webDist: dist } });
    if (!app.hasRoute({ method: 'GET', url: '/webapp/:login/app.json' })) publishedRoutes(app, { config: h.config, published: createPublishedService(h.core), viewers: {} as never, streaming: {} as never });
    a = await h.createAccount();
    b = await h.createAccount();
    logoName = await putFile(a.id, await png(300, 200, { r: 255, g: 0, b: 0 }));
    const at = nowIso();
    await db().insertInto('webapps').values({
      user_id: a.id, nome: 'Rádio <Sol> & $& Companhia', email: 'contato@radiosol.com.br', whatsapp: '+55 11 99999-0000',
      url_site: 'https://radiosol.com.br', url_facebook: 'javascript:alert(1)', cor_splash: '#112233', cor_menu_escuro: '#445566',
      text_prog: 'Seg a Sex: Manhã do Sol', text_hist: 'Desde 1990 no ar.', logo: logoName, modelo: 1, chat: 1, contador: 1, created_at: at, updated_at: at,
    }).execute();
    await db().insertInto('webapps').values({ user_id: b.id, nome: 'TV Beta', cor_splash: '#0066FF', chat: 0, created_at: at, updated_at: at }).execute();
  });
  after(async () => {
    await app?.close();
    await h?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  test('the manifest: name, short name, address, standalone, colours and an icon of every size, each PNG of that size', async () => {
    const r = await get(`/webapp/${a.usuario}/manifest.webmanifest`);
    assert.equal(r.statusCode, 200);
    assert.match(String(r.headers['content-type']), /^application\/manifest\+json/);
    const m = r.json<{ name: string; short_name: string; start_url: string; scope: string; display: string; background_color: string; theme_color: string; icons: { src: string; sizes: string; type: string; purpose: string }[] }>();
    assert.equal(m.name, 'Rádio <Sol> & $& Companhia');
    assert.equal(m.short_name, 'Rádio <Sol>');
    assert.ok([...m.short_name].length <= 12);
    assert.equal(m.start_url, `/webapp/${a.usuario}/`);
    assert.equal(m.scope, `/webapp/${a.usuario}/`);
    assert.equal(m.display, 'standalone');
    assert.deepEqual([m.background_color, m.theme_color], ['#112233', '#445566']);
    for (const size of WEBAPP_ICON_SIZES) {
      const icon = m.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === 'any');
      assert.ok(icon, `ícone ${size}`);
      assert.equal(icon.type, 'image/png');
      const res = await get(icon.src);
      assert.equal(res.statusCode, 200, icon.src);
      assert.equal(res.headers['content-type'], 'image/png');
      const meta = await sharp(res.rawPayload).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['png', size, size], icon.src);
    }
    // made from the logo: red in the middle, the logo whole (transparent above and below a 3:2 logo)
    const big = (await get(m.icons.find((i) => i.sizes === '512x512' && i.purpose === 'any')!.src)).rawPayload;
    assert.deepEqual(await pixel(big, 256, 256), [255, 0, 0, 255]);
    assert.equal((await pixel(big, 256, 5))[3], 0);
    // Android's maskable icons: the logo inside the safe zone, on the splash colour
    for (const size of [192, 512]) {
      const icon = m.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === 'maskable');
      assert.ok(icon);
      const data = (await get(icon.src)).rawPayload;
      assert.deepEqual((await sharp(data).metadata()).width, size);
      assert.deepEqual(await pixel(data, 2, 2), [0x11, 0x22, 0x33, 255]);
    }
  });

  test('icons: drawn from the initial on the splash colour without a logo; made anew when the logo changes', async () => {
    const drawn = (await get(`/webapp/${b.usuario}/icons/icon-192.png`)).rawPayload;
    assert.deepEqual((await sharp(drawn).metadata()).width, 192);
    assert.deepEqual(await pixel(drawn, 3, 3), [0x00, 0x66, 0xff, 255]);
    assert.equal((await get(`/webapp/${b.usuario}/icons/icon-100.png`)).statusCode, 404);

    const before = (await get(`/webapp/${a.usuario}/manifest.webmanifest`)).json<{ icons: { src: string }[] }>().icons[0]!.src;
    await get(`/webapp/${a.usuario}/icons/icon-48.png`);
    const blue = await putFile(a.id, await png(100, 100, { r: 0, g: 0, b: 255 }));
    await db().updateTable('webapps').set({ logo: blue }).where('user_id', '=', a.id).execute();
    const later = (await get(`/webapp/${a.usuario}/manifest.webmanifest`)).json<{ icons: { src: string }[] }>().icons[0]!.src;
    assert.notEqual(later, before, 'the address changes with the logo');
    assert.deepEqual(await pixel((await get(later)).rawPayload, 24, 24), [0, 0, 255, 255]);
    const icons = fs.readdirSync(webappDir(h.config.dataDir, a.id)).filter((f) => f.startsWith('icon-'));
    assert.ok(icons.length > 0 && icons.every((f) => f.startsWith(`icon-${new URL(later, 'http://x').searchParams.get('v')}-`)), icons.join());
    await db().updateTable('webapps').set({ logo: logoName }).where('user_id', '=', a.id).execute();
  });

  test('app.json: public fields only, the channel player with its counter, links only when http(s)', async () => {
    const r = await get(`/webapp/${a.usuario}/app.json`);
    assert.equal(r.statusCode, 200);
    const d = r.json<PublicWebApp>();
    assert.deepEqual(Object.keys(d).sort(), [...PUBLIC_KEYS].sort());
    assert.ok(!r.body.includes(a.email), 'the account e-mail is not public');
    assert.ok(!r.body.includes('password') && !r.body.includes('user_id') && !r.body.includes(`"id"`));
    assert.equal(d.email, 'contato@radiosol.com.br');
    assert.equal(d.player_url, `/api/player-port/iframe?login=${a.usuario}&stream=${a.usuario}_live&contador=true`);
    assert.equal(d.push_key, vapidPublicKey(h.config.dataDir));
    assert.equal(d.url_facebook, '', 'a javascript: link is never handed to visitors');
    assert.equal(d.url_site, 'https://radiosol.com.br/');
    assert.equal(d.url_logo, `/webapp/${a.usuario}/files/${logoName}`);
    assert.deepEqual([d.modelo, d.chat, d.contador], [1, true, true]);
    assert.equal(r.headers['cache-control'], 'no-cache');
  });

  test('an unknown login, a disabled account or an account without an app: 404 in Portuguese', async () => {
    const none = await h.createAccount();
    const off = await h.createAccount();
    const at = nowIso();
    await db().insertInto('webapps').values({ user_id: off.id, nome: 'Desligado', created_at: at, updated_at: at }).execute();
    await h.core.accounts.setDisabled(off.email, true);
    for (const login of ['ninguem_aqui', none.usuario, off.usuario, a.usuario.toUpperCase()]) {
      const page = await get(`/webapp/${login}/`);
      assert.equal(page.statusCode, 404, login);
      // a suspended channel's page says it is unavailable (see the test of suspension below)
      assert.match(page.body, new RegExp(login === off.usuario ? 'Este canal está indisponível no momento' : errorText('webapp_not_found')), login);
      const json = await get(`/webapp/${login}/app.json`);
      assert.deepEqual([json.statusCode, json.json().error], [404, errorText('webapp_not_found')], login);
      assert.equal((await get(`/webapp/${login}/manifest.webmanifest`)).statusCode, 404);
    }
  });

  test('the page: the built app with the name as text, manifest and icon; its own policy; the panel keeps its headers', async () => {
    const r = await get(`/webapp/${a.usuario}/`);
    assert.equal(r.statusCode, 200);
    assert.match(String(r.headers['content-type']), /^text\/html/);
    assert.ok(r.body.includes('<title>Rádio &#60;Sol&#62; &#38; $&#38; Companhia</title>'), r.body);
    assert.ok(r.body.includes(`<link rel="manifest" href="/webapp/${a.usuario}/manifest.webmanifest">`));
    assert.ok(r.body.includes('<meta name="theme-color" content="#445566">'));
    assert.ok(r.body.includes('src="/assets/webapp-abc.js"'));
    assert.equal(r.headers['content-security-policy'], WEBAPP_PAGE_CSP);
    for (const d of ["script-src 'self'", "frame-src 'self'", "worker-src 'self'", "manifest-src 'self'"]) assert.ok(WEBAPP_PAGE_CSP.includes(d), d);
    assert.ok(!/unsafe-inline|unsafe-eval/.test(WEBAPP_PAGE_CSP));
    assert.equal(r.headers['x-frame-options'], undefined, 'the panel previews the app in a frame');
    const bare = await get(`/webapp/${a.usuario}`);
    assert.deepEqual([bare.statusCode, bare.headers.location], [301, `/webapp/${a.usuario}/`]);
    for (const url of ['/api/health', `/webapp/${a.usuario}/app.json`, '/']) {
      const other = await get(url);
      assert.equal(other.headers['x-frame-options'], 'DENY', url);
      assert.match(String(other.headers['content-security-policy']), /frame-ancestors 'none'/, url);
    }
    const sw = await get(`/webapp/${a.usuario}/sw.js`);
    assert.equal(sw.statusCode, 200);
    assert.match(String(sw.headers['content-type']), /^text\/javascript/);
    assert.equal(sw.headers['cache-control'], 'no-cache');
  });

  test("the visitor's language (Accept-Language): the page's <html lang>, the manifest's lang, the not-found page", async () => {
    const lang = (al?: string) => (al === undefined ? {} : { headers: { 'accept-language': al } });
    const page = await get(`/webapp/${a.usuario}/`);
    assert.match(page.body, /<html lang="pt-BR">/);
    assert.match(String(page.headers.vary), /Accept-Language/i);
    const en = await get(`/webapp/${a.usuario}/`, lang('en-US,en;q=0.9'));
    assert.match(en.body, /<html lang="en-US">/);
    assert.ok(en.body.includes('<title>Rádio &#60;Sol&#62; &#38; $&#38; Companhia</title>'), 'the owner\'s name as written');
    assert.match((await get(`/webapp/${a.usuario}/`, lang('fr;q=0.9, es-MX;q=0.8, en;q=0.5'))).body, /<html lang="es-ES">/);

    const manifest = (al?: string) => get(`/webapp/${a.usuario}/manifest.webmanifest`, lang(al));
    const pt = await manifest();
    assert.equal(pt.json<{ lang: string }>().lang, 'pt-BR');
    assert.match(String(pt.headers.vary), /Accept-Language/i);
    assert.equal((await manifest('de-DE,de')).json<{ lang: string }>().lang, 'pt-BR');
    const enManifest = (await manifest('en-GB')).json<{ lang: string; name: string }>();
    assert.deepEqual([enManifest.lang, enManifest.name], ['en-US', 'Rádio <Sol> & $& Companhia']);
    assert.equal((await manifest('pt-BR;q=0.4,es;q=0.6')).json<{ lang: string }>().lang, 'es-ES');

    const missing = await get('/webapp/ninguem_aqui/', lang('es-AR,es'));
    assert.equal(missing.statusCode, 404);
    assert.match(missing.body, /<html lang="es-ES">/);
    assert.ok(missing.body.includes('<p>App no encontrada</p>') && !missing.body.includes(errorText('webapp_not_found')));
    const missingEn = await get('/webapp/ninguem_aqui/tv/', lang('en'));
    assert.ok(missingEn.body.includes('<html lang="en-US">') && missingEn.body.includes('<p>App not found</p>'));
  });

  test("a suspended channel: its pages say the channel is unavailable in the visitor's language; reactivated, the app is back", async () => {
    const c = await h.createAccount();
    const at = nowIso();
    await db().insertInto('webapps').values({ user_id: c.id, nome: 'Canal Suspenso', cor_splash: '#101010', chat: 0, created_at: at, updated_at: at }).execute();
    const lang = (al?: string) => (al === undefined ? {} : { headers: { 'accept-language': al } });
    /** Asks until `ok` holds: the public pages keep an account a second at most. */
    const until = async (url: string, ok: (status: number) => boolean) => {
      for (let i = 0; ; i++) {
        const r = await get(url);
        if (ok(r.statusCode) || i >= 30) return r;
        await new Promise((done) => setTimeout(done, 100));
      }
    };
    assert.equal((await get(`/webapp/${c.usuario}/`)).statusCode, 200);

    await h.core.accounts.setDisabled(c.email, true);
    const pt = await until(`/webapp/${c.usuario}/`, (st) => st !== 200);
    assert.equal(pt.statusCode, 404);
    assert.ok(pt.body.includes('<html lang="pt-BR">') && pt.body.includes('<p>Este canal está indisponível no momento</p>'), pt.body);
    assert.ok(!pt.body.includes(errorText('webapp_not_found')));
    assert.equal(pt.headers['content-security-policy'], WEBAPP_PAGE_CSP);
    const en = await get(`/webapp/${c.usuario}/`, lang('en-GB,en;q=0.9'));
    assert.ok(en.body.includes('<html lang="en-US">') && en.body.includes('<p>This channel is unavailable at the moment</p>'), en.body);
    const es = await get(`/webapp/${c.usuario}/tv/`, lang('es-AR,es'));
    assert.ok(es.body.includes('<html lang="es-ES">') && es.body.includes('<p>Este canal no está disponible en este momento</p>'), es.body);
    // nothing of the app is handed out meanwhile
    assert.equal((await get(`/webapp/${c.usuario}/app.json`)).statusCode, 404);
    assert.equal((await get(`/webapp/${c.usuario}/manifest.webmanifest`)).statusCode, 404);
    // a login that does not exist stays "not found"
    const none = await get('/webapp/ninguem_aqui/', lang('en'));
    assert.ok(none.body.includes('<p>App not found</p>') && !none.body.includes('unavailable'), none.body);

    await h.core.accounts.setDisabled(c.email, false);
    const back = await until(`/webapp/${c.usuario}/`, (st) => st === 200);
    assert.equal(back.statusCode, 200);
    assert.ok(back.body.includes('<title>Canal Suspenso</title>') && !back.body.includes('indisponível'), back.body);
    assert.equal((await get(`/webapp/${c.usuario}/app.json`)).json<PublicWebApp>().nome, 'Canal Suspenso');
  });

  test('files: only the names of the account rows, with their type and a long cache', async () => {
    const own = await get(`/webapp/${a.usuario}/files/${logoName}`);
    assert.deepEqual([own.statusCode, own.headers['content-type']], [200, 'image/png']);
    assert.match(String(own.headers['cache-control']), /max-age=31536000/);
    const bBanner = await banner(b.id, '');
    assert.equal((await get(`/webapp/${b.usuario}/files/${bBanner.imagem}`)).statusCode, 200);
    assert.equal((await get(`/webapp/${a.usuario}/files/${bBanner.imagem}`)).statusCode, 404, "another account's file");
    const stray = await putFile(a.id, await png(10, 10, { r: 1, g: 2, b: 3 }));
    assert.equal((await get(`/webapp/${a.usuario}/files/${stray}`)).statusCode, 404, 'a file no row names');
    for (const name of ['..%2F..%2Fpainel.db', '%2Fetc%2Fpasswd', 'icon-x.png']) assert.equal((await get(`/webapp/${a.usuario}/files/${name}`)).statusCode, 404, name);
    await db().deleteFrom('webapp_banners').where('id', '=', bBanner.id).execute();
  });

  test('banners: a random pick counts a view, a click counts and goes only to the stored link', async () => {
    assert.deepEqual((await get(`/webapp/${b.usuario}/banner`)).json(), { success: true, banner: null });
    const linked = await banner(a.id, 'https://patrocinador.com.br/oferta');
    const plain = await banner(a.id, '');
    const other = await banner(b.id, 'https://outro.com.br/');
    const seen = new Set<number>();
    for (let i = 0; i < 20; i += 1) {
      const r = await get(`/webapp/${a.usuario}/banner`);
      const picked = r.json<{ banner: { id: number; url_imagem: string; link: string } }>().banner;
      assert.ok([linked.id, plain.id].includes(picked.id));
      assert.match(picked.url_imagem, new RegExp(`^/webapp/${a.usuario}/files/`));
      seen.add(picked.id);
    }
    assert.equal(seen.size, 2, 'both banners come up');
    const views = (await bannerRow(linked.id)).exibicoes + (await bannerRow(plain.id)).exibicoes;
    assert.equal(views, 20);

    const click = await get(`/webapp/${a.usuario}/banner/${linked.id}/click`);
    assert.deepEqual([click.statusCode, click.headers.location], [302, 'https://patrocinador.com.br/oferta']);
    assert.equal((await bannerRow(linked.id)).cliques, 1);
    assert.equal((await get(`/webapp/${a.usuario}/banner/${plain.id}/click`)).statusCode, 404, 'no link, no redirect');
    assert.equal((await get(`/webapp/${a.usuario}/banner/${other.id}/click`)).statusCode, 404, "another account's banner");
    assert.equal((await get(`/webapp/${a.usuario}/banner/${linked.id}/click?to=https://mal.example`)).headers.location, 'https://patrocinador.com.br/oferta');
    assert.deepEqual([(await bannerRow(plain.id)).cliques, (await bannerRow(other.id)).cliques], [0, 0]);
    await db().deleteFrom('webapp_banners').execute();
  });

  test('qr.svg and the install badges are SVG drawn here', async () => {
    const qr = await get(`/webapp/${a.usuario}/qr.svg`);
    assert.match(String(qr.headers['content-type']), /^image\/svg\+xml/);
    assert.match(qr.body, /^<svg[^>]+xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<path[\s\S]*<\/svg>\s*$/);
    const meta = await sharp(Buffer.from(qr.body)).metadata();
    assert.equal(meta.format, 'svg');
    const android = await get(`/webapp/${a.usuario}/badge-android.svg`);
    assert.ok(android.body.includes('Instalar no Android'));
    assert.ok((await get(`/webapp/${a.usuario}/badge-ios.svg`)).body.includes('Adicionar à Tela de Início no iPhone'));
  });

  test('push subscriptions: checked, one per endpoint, removed on unsubscribe', async () => {
    const url = `/webapp/${a.usuario}/push/subscribe`;
    const count = async () => (await db().selectFrom('push_subscriptions').selectAll().where('user_id', '=', a.id).execute());
    const body = { endpoint: 'http://127.0.0.1:9/push/abc', keys: { p256dh: key(65), auth: key(16) } };
    assert.deepEqual((await post(url, body, '10.1.0.1')).json(), { success: true });
    const fresh = { ...body, keys: { p256dh: key(65), auth: key(16) } };
    assert.equal((await post(url, fresh, '10.1.0.1')).statusCode, 200);
    const rows = await count();
    assert.equal(rows.length, 1);
    assert.deepEqual([rows[0]!.p256dh, rows[0]!.auth], [fresh.keys.p256dh, fresh.keys.auth]);
    for (const bad of [
      { ...body, keys: { p256dh: key(64), auth: key(16) } },
      { ...body, keys: { p256dh: key(65), auth: '!!' } },
      { ...body, endpoint: 'https://127.0.0.1/push' },
      { ...body, endpoint: 'http://push.example.com/x' },
      { ...body, endpoint: 'javascript:alert(1)' },
      { endpoint: body.endpoint },
    ]) assert.equal((await post(url, bad, '10.1.0.2')).statusCode, 400, JSON.stringify(bad));
    assert.equal((await count()).length, 1);
    // a public host that is no push service: refused before anything is stored or contacted
    for (const endpoint of ['https://93.184.216.34/coletor', 'https://fcm.googleapis.com/fcm/send/x', 'http://127.0.0.1:10/push/x']) {
      const r = await post(url, { ...body, endpoint }, '10.1.0.2');
      assert.deepEqual([r.statusCode, r.json().error], [400, errorText('push_service_not_allowed')], endpoint);
    }
    assert.equal((await count()).length, 1);
    assert.equal((await post(`/webapp/${a.usuario}/push/unsubscribe`, fresh, '10.1.0.1')).statusCode, 200);
    assert.equal((await count()).length, 0);
    const statuses = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await post(url, { endpoint: 'x' }, '10.1.0.3')).statusCode);
    assert.deepEqual([statuses[0], statuses[20]], [400, 429]);
  });

  test('push subscriptions: an address keeps its newest 5 per channel; a full channel refuses new ones', async () => {
    const url = `/webapp/${a.usuario}/push/subscribe`;
    const sub = (path: string, ip: string) =>
      post(url, { endpoint: `http://127.0.0.1:9/cap/${path}`, keys: { p256dh: key(65), auth: key(16) } }, ip);
    const rows = () => db().selectFrom('push_subscriptions').select(['endpoint', 'ip_hash']).where('user_id', '=', a.id).orderBy('id').execute();
    const paths = async () => (await rows()).map((r) => r.endpoint.replace('http://127.0.0.1:9/cap/', ''));
    assert.deepEqual(await rows(), []);

    for (let i = 1; i <= 6; i += 1) assert.equal((await sub(`a${i}`, '10.3.0.1')).statusCode, 200);
    assert.deepEqual(await paths(), ['a2', 'a3', 'a4', 'a5', 'a6'], 'the oldest of the address gave way');
    // the same endpoint again only renews its keys: nothing else goes
    assert.equal((await sub('a2', '10.3.0.1')).statusCode, 200);
    assert.deepEqual(await paths(), ['a2', 'a3', 'a4', 'a5', 'a6']);
    const stored = await rows();
    assert.ok(stored.every((r) => /^[0-9a-f]{32}$/.test(r.ip_hash) && r.ip_hash === stored[0]!.ip_hash), 'one keyed hash, never the address');

    // IPv6 addresses of one /64 are one address
    for (const [p, ip] of [['v1', '2001:db8:7:1::a'], ['v2', '2001:db8:7:1::b'], ['v3', '2001:db8:7:1:ffff::1']] as const) {
      assert.equal((await sub(p, ip)).statusCode, 200);
    }
    assert.deepEqual(await paths(), ['a2', 'a3', 'a4', 'a5', 'a6', 'v1', 'v2', 'v3']);

    // the channel holds 8 (PUSH_MAX_PER_CHANNEL here): a new address is refused, nothing replaced
    const full = await sub('b1', '10.3.0.2');
    assert.deepEqual([full.statusCode, full.json().error], [409, errorText('push_channel_full')]);
    assert.deepEqual(await paths(), ['a2', 'a3', 'a4', 'a5', 'a6', 'v1', 'v2', 'v3']);
    // an address at its own limit still replaces its oldest (the channel does not grow); renewing keys still works
    assert.equal((await sub('a7', '10.3.0.1')).statusCode, 200);
    assert.equal((await sub('v1', '10.3.0.2')).statusCode, 200);
    assert.deepEqual(await paths(), ['a3', 'a4', 'a5', 'a6', 'v1', 'v2', 'v3', 'a7']);
    // another channel counts apart
    const other = await post(`/webapp/${b.usuario}/push/subscribe`, { endpoint: 'http://127.0.0.1:9/cap/b', keys: { p256dh: key(65), auth: key(16) } }, '10.3.0.2');
    assert.equal(other.statusCode, 200);
    await db().deleteFrom('push_subscriptions').where('user_id', 'in', [a.id, b.id]).execute();
  });

  test('chat: off is 404; on, posts and lists as plain text, one post per address every 3 s', async () => {
    for (const r of [await get(`/webapp/${b.usuario}/chat`), await post(`/webapp/${b.usuario}/chat`, { nome: 'Ana', mensagem: 'oi' })]) {
      assert.deepEqual([r.statusCode, r.json().error], [404, errorText('chat_disabled')]);
    }
    const url = `/webapp/${a.usuario}/chat`;
    const text = '<script>alert(1)</script> <b>oi</b>';
    const first = await post(url, { nome: 'Ana <i>', mensagem: text }, '10.2.0.1');
    assert.equal(first.statusCode, 200);
    const again = await post(url, { nome: 'Ana', mensagem: 'de novo' }, '10.2.0.1');
    assert.deepEqual([again.statusCode, again.json().error], [429, errorText('chat_too_fast')]);
    assert.equal((await post(url, { nome: 'Bia', mensagem: 'olá' }, '10.2.0.2')).statusCode, 200);
    assert.equal((await post(url, { nome: '', mensagem: 'x' }, '10.2.0.3')).json().error, errorText('chat_name_invalid'));
    assert.equal((await post(url, { nome: 'Caio', mensagem: 'x'.repeat(301) }, '10.2.0.4')).json().error, errorText('chat_message_invalid'));
    const list = (await get(url)).json<{ messages: { id: number; nome: string; mensagem: string }[] }>().messages;
    assert.deepEqual(list.map((m) => [m.nome, m.mensagem]), [['Ana <i>', text], ['Bia', 'olá']]);
    const after = (await get(`${url}?after=${list[0]!.id}`)).json<{ messages: { nome: string }[] }>().messages;
    assert.deepEqual(after.map((m) => m.nome), ['Bia']);
    const stored = await db().selectFrom('chat_messages').select(['mensagem', 'ip_hash']).where('user_id', '=', a.id).execute();
    assert.equal(stored[0]!.mensagem, text);
    assert.ok(stored.every((s) => /^[0-9a-f]{32}$/.test(s.ip_hash)), 'the address is kept only as a hash');
  });

  test("the Android app's page: the Android configuration, no push, its own files", async () => {
    const dir = path.join(h.config.dataDir, 'apps', String(a.id), 'android');
    fs.mkdirSync(dir, { recursive: true });
    const [logo, icone, fundo] = ['l.png', 'i.png', 'f.jpg'].map((f) => `${randomBytes(8).toString('hex')}${f}`) as [string, string, string];
    for (const f of [logo, icone, fundo]) fs.writeFileSync(path.join(dir, f), await png(4, 4, { r: 9, g: 9, b: 9 }));
    const at = nowIso();
    await db().insertInto('android_configs').values({
      user_id: a.id, webtv_nome: 'TV Sol', webtv_descricao: 'A TV do Sol', app_email: 'tv@radiosol.com.br', app_url_site: 'https://tv.radiosol.com.br',
      app_cor_texto: '#222222', app_tela_inicial: 2, chat: 0, logo, icone, fundo, created_at: at, updated_at: at,
    }).execute();
    const d = (await get(`/webapp/${a.usuario}/tv/app.json`)).json<PublicWebApp>();
    assert.deepEqual([d.nome, d.cor_texto, d.modelo, d.chat, d.contador, d.push_key, d.text_hist], ['TV Sol', '#222222', 2, false, false, '', 'A TV do Sol']);
    assert.equal(d.url_logo, `/webapp/${a.usuario}/tv/files/${logo}`);
    assert.equal((await get(d.url_logo)).statusCode, 200);
    assert.equal((await get(`/webapp/${a.usuario}/tv/files/${logoName}`)).statusCode, 404, 'the web app files are not the Android ones');
    const page = await get(`/webapp/${a.usuario}/tv/`);
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('<title>TV Sol</title>') && !page.body.includes('rel="manifest"'));
    // the page the app's WebView opens follows the phone's language (its Accept-Language)
    assert.match((await get(`/webapp/${a.usuario}/tv/`, { headers: { 'accept-language': 'es-US,es;q=0.9' } })).body, /<html lang="es-ES">/);
    assert.equal((await get(`/webapp/${a.usuario}/tv/chat`)).json().error, errorText('chat_disabled'));
    assert.equal((await get(`/webapp/${b.usuario}/tv/app.json`)).statusCode, 404);
  });
});
