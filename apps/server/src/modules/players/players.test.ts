import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { LOGO_MAX_BYTES, errorText, msg } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { goLive as onAir } from '../../testing/on-air.ts';
import { makeClips, newFolder, upload as uploadVideo } from '../../testing/library.ts';
import { PLAYER_REQUESTS_PER_IP_PER_MINUTE } from './players.routes.ts';
import { MAX_SESSIONS_PER_IP } from '../viewers/viewers.service.ts';
import { createGrants } from '../../platform/crypto.ts';
import { secret } from '../../platform/secrets.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 32, g: 64, b: 128, alpha: 0.5 } } });
/** A PNG chunk: length, type, data and the CRC over type and data. */
const chunk = (type: string, data: Buffer) => {
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(td));
  return Buffer.concat([len, td, crc]);
};
/** A valid black-and-white PNG of width × height that compresses to a few hundred KB (a decompression bomb). */
function bombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // 1 bit, grey, deflate, no filter, no interlace
  const raw = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
let PNG: Buffer;
let JPEG: Buffer;

function form(file: { name: string; data: Buffer; type: string }, fields: Record<string, string> = {}) {
  const boundary = '----painel' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const head = `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('players, watermark logos and viewer sessions', () => {
  let h: Harness;
  let a: { id: number; usuario: string; token: string };
  let b: { id: number; usuario: string; token: string };

  const get = (token: string, url: string) => h.app.inject({ url, headers: bearerHeader(token) });
  const put = (token: string, payload: object) => h.app.inject({ method: 'PUT', url: '/api/player-settings', headers: bearerHeader(token), payload });
  const upload = (token: string, file: { name: string; data: Buffer; type: string }, fields?: Record<string, string>) => {
    const f = form(file, fields);
    return h.app.inject({ method: 'POST', url: '/api/logos', headers: { ...bearerHeader(token), 'content-type': f.contentType }, payload: f.payload });
  };
  const beat = (payload: object, remoteAddress?: string) =>
    h.app.inject({ method: 'POST', url: '/api/player-port/heartbeat', payload, ...(remoteAddress && { remoteAddress }) });
  /** The configuration a player page carries: its source address and its heartbeat. */
  const cfgOf = (html: string) =>
    JSON.parse(/<script id="cfg" type="application\/json">(.*?)<\/script>/.exec(html)![1]!) as { src: string; hb: Record<string, string>; share: string | null };
  const settings = (over: object = {}) => ({
    player_type: 'hlsjs', watermark: { enabled: false, logo_id: null, position: 'top-left', opacity: 70 }, ...over,
  });

  const goLive = (login: string, token: string, clientid: string) => onAir(h, login, token, clientid);

  before(async () => {
    PNG = await image(64, 32).png().toBuffer();
    // a photo with its camera's metadata, which a viewer must never receive
    JPEG = await image(40, 30).jpeg().withExif({ IFD0: { Copyright: 'Camera do Fulano', Artist: 'Fulano' } }).toBuffer();
    // the counts are read right after each heartbeat: the polled pages' 1-s reuse (read-cache.test.ts) is off here
    h = await startHarness({ env: { PUBLIC_HOST: 'tv.exemplo.com.br', PORT: '3001', READ_CACHE_MS: '0' } });
    const ca = await h.createAccount({ espectadores: 2 });
    const cb = await h.createAccount();
    a = { ...ca, token: await h.login(ca.email, ca.password) };
    b = { ...cb, token: await h.login(cb.email, cb.password) };
  });
  after(() => h.close());

  test('player settings: defaults, then a saved choice', async () => {
    const d = (await get(a.token, '/api/player-settings')).json();
    assert.deepEqual(d, { success: true, player_type: 'videojs', watermark: { enabled: false, logo_id: null, logo_url: null, position: 'bottom-right', opacity: 50 } });
    const r = await put(a.token, settings());
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().settings.player_type, 'hlsjs');
    assert.equal((await get(a.token, '/api/player-settings')).json().watermark.opacity, 70);
  });

  test('player settings refuse bad input with a Portuguese message and keep what was saved', async () => {
    const saved = (await get(a.token, '/api/player-settings')).json();
    const wm = (w: object) => settings({ watermark: { enabled: false, logo_id: null, position: 'top-left', opacity: 70, ...w } });
    for (const [payload, code] of [
      [wm({ opacity: 9 }), 'watermark_opacity_range'], [wm({ opacity: 101 }), 'watermark_opacity_range'],
      [wm({ opacity: 'meio' }), 'watermark_opacity_range'], [wm({ opacity: 55.5 }), 'watermark_opacity_range'],
      [wm({ position: 'center' }), 'invalid_watermark_position'], [settings({ player_type: 'jwplayer' }), 'invalid_player_type'],
      [wm({ enabled: true }), 'watermark_needs_logo'], [wm({ logo_id: 999999 }), 'logo_not_found'],
    ] as const) {
      const r = await put(a.token, payload);
      assert.equal(r.statusCode, 400, JSON.stringify(payload));
      assert.deepEqual(r.json(), { success: false, error: errorText(code), code });
    }
    assert.deepEqual((await get(a.token, '/api/player-settings')).json(), saved);
  });

  test('logos: PNG and JPEG by their bytes, size-checked, listed per account and served publicly', async () => {
    const png = await upload(a.token, { name: 'marca.png', data: PNG, type: 'image/png' }, { nome: 'Marca principal' });
    assert.equal(png.statusCode, 200);
    assert.equal(png.json().logo.nome, 'Marca principal');
    const jpg = await upload(a.token, { name: 'foto.jpeg', data: JPEG, type: 'image/jpeg' });
    assert.equal(jpg.json().logo.nome, 'foto');
    for (const [file, status, error] of [
      [{ name: 'falso.png', data: Buffer.from('GIF89a........'), type: 'image/png' }, 400, msg.logoInvalidType],
      [{ name: 'x.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/svg+xml' }, 400, msg.logoInvalidType],
      [{ name: 'grande.png', data: Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]), type: 'image/png' }, 413, msg.logoTooLarge(2)],
      [{ name: 'quebrado.png', data: Buffer.concat([PNG_SIGNATURE, Buffer.alloc(64, 1)]), type: 'image/png' }, 400, errorText('logo_unreadable')],
      [{ name: 'cortado.jpg', data: JPEG.subarray(0, 40), type: 'image/jpeg' }, 400, errorText('logo_unreadable')],
    ] as const) {
      const r = await upload(a.token, file);
      assert.equal(r.statusCode, status, file.name);
      assert.equal(r.json().error, error);
    }
    const list = (await get(a.token, '/api/logos')).json();
    assert.deepEqual(list.map((l: { nome: string }) => l.nome), ['foto', 'Marca principal']);
    assert.deepEqual((await get(b.token, '/api/logos')).json(), []);
    const file = await h.app.inject({ url: list[1].url });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/png');
    const served = await sharp(file.rawPayload).metadata();
    assert.deepEqual([served.format, served.width, served.height, served.hasAlpha], ['png', 64, 32, true]);
    const photo = await sharp((await h.app.inject({ url: list[0].url })).rawPayload).metadata();
    assert.deepEqual([photo.format, photo.width, photo.height, photo.exif], ['jpeg', 40, 30, undefined]);
    assert.equal((await h.app.inject({ url: '/logos/../painel.db' })).statusCode, 404);
    // what was refused left no file behind
    assert.equal(fs.readdirSync(path.join(h.config.dataDir, 'logos')).length, 2);
  });

  test('logos: a picture too large to decode is refused unread; a large one is scaled down to 1920 px', async () => {
    const c = await h.createAccount();
    const token = await h.login(c.email, c.password);
    const bomb = bombPng(30000, 30000);
    assert.ok(bomb.length < LOGO_MAX_BYTES, 'the bomb fits under the byte limit');
    const refused = await upload(token, { name: 'bomba.png', data: bomb, type: 'image/png' });
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().error, errorText('logo_too_many_pixels', { width: 30000, height: 30000, maxMegapixels: 25 }));
    assert.deepEqual((await get(token, '/api/logos')).json(), []);

    const wide = await upload(token, { name: 'faixa.png', data: await image(4000, 1000).png().toBuffer(), type: 'image/png' });
    assert.equal(wide.statusCode, 200);
    const stored = await h.app.inject({ url: wide.json().logo.url });
    const m = await sharp(stored.rawPayload).metadata();
    assert.deepEqual([m.width, m.height], [1920, 480]);
    assert.equal(wide.json().logo.tamanho, stored.rawPayload.length);
  });

  test('logos count in the plan storage; one that does not fit is refused and nothing is kept', async () => {
    const c = await h.createAccount({ espaco: 1 });
    const token = await h.login(c.email, c.password);
    // noise does not compress: about 0.6 MB stored
    const noisy = () => sharp(Buffer.from(Array.from({ length: 500 * 400 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 500, height: 400, channels: 3 } }).png().toBuffer();
    const first = await upload(token, { name: 'ruido.png', data: await noisy(), type: 'image/png' });
    assert.equal(first.statusCode, 200);
    const bytes = first.json().logo.tamanho as number;
    assert.ok(bytes > 524288, `${bytes}`);
    const stats = (await get(token, '/api/dashboard/stats')).json();
    assert.equal(stats.espacoUsado, Math.round((bytes / 1048576) * 100) / 100);

    const second = await upload(token, { name: 'ruido2.png', data: await noisy(), type: 'image/png' });
    assert.equal(second.statusCode, 413);
    assert.equal(second.json().error, errorText('quota_exceeded', { totalMb: 1, usedMb: Math.round((bytes / 1048576) * 100) / 100 }));
    assert.equal((await get(token, '/api/logos')).json().length, 1);
    assert.equal(fs.readdirSync(path.join(h.config.dataDir, 'logos')).filter((f) => !f.startsWith('.')).length, 4);
  });

  test('watermark with an own logo; another account cannot use or delete it', async () => {
    const [jpg, png] = (await get(a.token, '/api/logos')).json();
    const wm = { enabled: true, logo_id: png.id, position: 'bottom-left', opacity: 40 };
    assert.equal((await put(b.token, settings({ watermark: wm }))).statusCode, 400);
    assert.equal((await get(b.token, '/api/player-settings')).json().watermark.logo_id, null);
    const r = await put(a.token, settings({ watermark: wm }));
    assert.equal(r.statusCode, 200);
    assert.deepEqual(r.json().settings.watermark, { ...wm, logo_url: png.url });

    const del = await h.app.inject({ method: 'DELETE', url: `/api/logos/${png.id}`, headers: bearerHeader(b.token) });
    assert.equal(del.statusCode, 404);
    assert.equal((await get(a.token, '/api/logos')).json().length, 2);
    assert.equal((await h.app.inject({ url: png.url })).statusCode, 200);

    const own = await h.app.inject({ method: 'DELETE', url: `/api/logos/${jpg.id}`, headers: bearerHeader(a.token) });
    assert.equal(own.statusCode, 200);
    assert.equal((await h.app.inject({ url: jpg.url })).statusCode, 404);
    assert.equal((await get(a.token, '/api/player-settings')).json().watermark.enabled, true);
  });

  test('player URL and embed code of the channel', async () => {
    const r = (await get(a.token, '/api/player-port/url')).json();
    const url = `http://tv.exemplo.com.br:3001/api/player-port/iframe?login=${a.usuario}&stream=${a.usuario}_live&player=hlsjs&contador=true&compartilhamento=false`;
    assert.equal(r.player_url, url);
    assert.equal(r.embed_code.includes(`src="${url.replace(/&/g, '&amp;')}"`), true);
    assert.match(r.embed_code, /^<iframe .*allowfullscreen><\/iframe>$/);
    const c = (await get(a.token, '/api/player-port/url?player=clappr&compartilhamento=true')).json();
    assert.match(c.player_url, /player=clappr&contador=true&compartilhamento=true$/);
    assert.equal((await h.app.inject({ url: '/api/player-port/url' })).statusCode, 401);
  });

  test('the iframe page: each player from the panel itself, watermark, counter, share; framable anywhere', async () => {
    for (const player of ['videojs', 'hlsjs', 'clappr']) {
      const r = await h.app.inject({ url: `/api/player-port/iframe?login=${a.usuario}&stream=${a.usuario}_live&player=${player}&contador=true&compartilhamento=true` });
      assert.equal(r.statusCode, 200, player);
      assert.match(r.headers['content-type'] as string, /^text\/html/);
      assert.equal(r.headers['x-frame-options'], undefined);
      assert.doesNotMatch(r.headers['content-security-policy'] as string, /frame-ancestors/);
      assert.match(r.headers['content-security-policy'] as string, /script-src 'self' 'nonce-/);
      const html = r.body;
      assert.doesNotMatch(html, /<script src="https?:/);
      const libs = [...html.matchAll(/(?:src|href)="(\/player-libs\/[^"]+)"/g)].map((m) => m[1]!);
      assert.ok(libs.length >= 1, player);
      for (const lib of libs) assert.equal((await h.app.inject({ url: lib })).statusCode, 200, lib);
      assert.match(html, /<img id="wm" class="bottom-left" src="\/logos\/[a-f0-9]{24}\.png" alt="" style="opacity:0.4">/);
      assert.match(html, /id="counter"/);
      assert.match(html, /id="share"/);
      assert.ok(html.includes(msg.noLiveBroadcast));
    }
    const plain = (await h.app.inject({ url: `/api/player-port/iframe?login=${a.usuario}` })).body;
    assert.doesNotMatch(plain, /id="counter"|id="share"/);
    assert.match(plain, /hls\.light\.min\.js/); // the account's saved player
  });

  test('the iframe page speaks the viewer\'s language (Accept-Language), the players\' controls too', async () => {
    const page = (player: string, acceptLanguage?: string) => h.app.inject({
      url: `/api/player-port/iframe?login=${a.usuario}&stream=${a.usuario}_live&player=${player}&contador=true&compartilhamento=true`,
      ...(acceptLanguage !== undefined && { headers: { 'accept-language': acceptLanguage } }),
    });
    const cfg = (html: string) => JSON.parse(/<script id="cfg" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!) as
      { lang: string; vjsLang: string; clapprKey: string; clappr: { live: string }; t: { live: string; viewerLimit: string } };

    // no header, or none of the three: Portuguese, as before
    for (const al of [undefined, 'fr-FR,fr;q=0.9,de;q=0.8']) {
      const r = await page('videojs', al);
      assert.match(r.body, /<html lang="pt-BR">/);
      assert.match(r.headers.vary as string, /Accept-Language/i);
      assert.ok(r.body.includes(msg.noLiveBroadcast) && r.body.includes(msg.playerLoading) && r.body.includes(msg.playerCopyLink));
      assert.match(r.body, /<script src="\/player-libs\/video\.min\.js"><\/script>\n<script src="\/player-libs\/video-lang-pt-BR\.js"><\/script>/);
      assert.equal(cfg(r.body).vjsLang, 'pt-BR');
      assert.equal(cfg(r.body).t.viewerLimit, errorText('viewer_limit'));
    }

    const en = await page('videojs', 'en-US,en;q=0.9,pt-BR;q=0.8');
    assert.equal(en.statusCode, 200);
    assert.match(en.body, /<html lang="en-US">/);
    assert.ok(en.body.includes('No Active Broadcast') && en.body.includes('Loading player...') && en.body.includes('> watching<'));
    assert.ok(en.body.includes('>Copy link</button>'));
    assert.ok(!en.body.includes(msg.noLiveBroadcast) && !en.body.includes(msg.playerLoading));
    assert.doesNotMatch(en.body, /video-lang-/); // English is built into video.js
    assert.equal(cfg(en.body).vjsLang, 'en');
    assert.equal(cfg(en.body).t.live, 'LIVE');

    // q-values decide, not the order
    const es = await page('videojs', 'pt-BR;q=0.5, es-MX;q=0.9, en;q=0.8');
    assert.match(es.body, /<html lang="es-ES">/);
    assert.ok(es.body.includes('Sin transmisión activa') && es.body.includes('Cargando player...') && es.body.includes('> viendo<'));
    assert.ok(es.body.includes('>Copiar enlace</button>'));
    const esLib = /<script src="(\/player-libs\/video-lang-es\.js)"><\/script>/.exec(es.body)?.[1];
    assert.ok(esLib);
    const lib = await h.app.inject({ url: esLib! });
    assert.equal(lib.statusCode, 200);
    assert.match(lib.body, /videojs\.addLanguage\('es'/);
    assert.equal(cfg(es.body).vjsLang, 'es');
    assert.equal(cfg(es.body).t.live, 'EN VIVO');
    assert.match(cfg(es.body).t.viewerLimit, /límite de espectadores/);

    // Clappr: its language and its strings under the key its Strings plugin keeps
    const clappr = cfg((await page('clappr', 'es-AR')).body);
    assert.equal(clappr.lang, 'es-ES');
    assert.equal(clappr.clapprKey, 'es');
    assert.equal(clappr.clappr.live, 'en vivo');
    assert.equal(cfg((await page('clappr', 'en')).body).clapprKey, 'en');
    // hls.js: the browser's own controls, the page's texts in the language
    const hls = await page('hlsjs', 'en-GB');
    assert.match(hls.body, /<html lang="en-US">/);
    assert.ok(hls.body.includes('No Active Broadcast'));

    // refusals in the viewer's language too
    const missing = await h.app.inject({ url: '/api/player-port/iframe?login=ninguem_aqui', headers: { 'accept-language': 'es' } });
    assert.equal(missing.statusCode, 404);
    assert.match(missing.body, /<html lang="es-ES">/);
    assert.ok(missing.body.includes('Player no encontrado'));
    const missingPt = await h.app.inject({ url: '/api/player-port/iframe?login=ninguem_aqui' });
    assert.ok(missingPt.body.includes(msg.playerNotFound));
  });

  test('the iframe refuses unknown channels and another channel\'s stream', async () => {
    for (const url of [
      '/api/player-port/iframe?login=ninguem_aqui', `/api/player-port/iframe?login=${a.usuario}&stream=${b.usuario}_live`,
      `/api/player-port/iframe?login=${a.usuario}&player=jwplayer`, `/api/player-port/iframe?login=${a.usuario}&vod=../../etc/passwd`,
      '/player-libs/../../package.json',
    ]) {
      assert.equal((await h.app.inject({ url })).statusCode >= 400, true, url);
    }
  });

  test('heartbeats: nothing is counted while offline; the plan limit of 2 refuses a third viewer', async () => {
    const hb = { login: a.usuario, stream: `${a.usuario}_live` };
    const off = await beat(hb);
    assert.deepEqual(off.json(), { success: true, live: false, session: null, viewers: 0 });
    assert.equal((await h.app.inject({ url: `/hls/${a.usuario}_live.m3u8` })).statusCode, 404);

    await goLive(a.usuario, a.token, '31');
    const hls = await h.app.inject({ url: `/hls/${a.usuario}_live.m3u8` });
    assert.equal(hls.statusCode, 200);
    assert.equal(hls.headers['access-control-allow-origin'], '*');

    const one = (await beat(hb)).json();
    const two = (await beat(hb)).json();
    assert.equal(one.live, true);
    assert.equal(two.viewers, 2);
    const three = await beat(hb);
    // the limit is told apart from a rate limit: 403 with its own code, which stops the player
    assert.equal(three.statusCode, 403);
    assert.deepEqual(three.json(), { success: false, error: msg.playerViewerLimit, code: 'viewer_limit', limite: 2, viewers: 2 });
    // viewers already watching keep their place
    const again = await beat({ ...hb, session: one.session });
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().session, one.session);
    const status = (await get(a.token, '/api/streaming/status')).json();
    assert.equal(status.obs_stream.viewers, 0); // no media server here: not live for the dashboard
    assert.equal((await get(a.token, '/api/dashboard/stats')).json().espectadoresAtivos, 2);
    assert.equal((await get(b.token, '/api/dashboard/stats')).json().espectadoresAtivos, 0);
    // one leaves: a new viewer gets in
    await h.app.inject({ method: 'POST', url: '/api/player-port/leave', payload: { session: one.session } });
    assert.equal((await beat(hb)).statusCode, 200);
    const rows = await h.core.store.db.selectFrom('viewer_sessions').selectAll().where('user_id', '=', a.id).execute();
    assert.equal(rows.length, 3);
    assert.ok(rows.every((r) => /^[0-9a-f]{32}$/.test(r.ip_hash) && r.ip_hash !== '127.0.0.1'));
  });

  test('a library video in the iframe: a signed address that plays with ranges and counts its viewer', async () => {
    const clips = makeClips();
    try {
      const folderId = await newFolder(h, b.token, 'Cultos 100%');
      assert.equal((await uploadVideo(h, b.token, folderId, 'culto.mp4', clips.ok)).statusCode, 200);
      const [video] = (await get(b.token, `/api/videos?folder_id=${folderId}`)).json();
      const page = await h.app.inject({ url: `/api/player-port/iframe?login=${b.usuario}&vod=${encodeURIComponent(video.url)}&player=videojs` });
      assert.equal(page.statusCode, 200);
      const { src, hb: signedHb } = cfgOf(page.body);
      assert.match(src, /^\/api\/player-port\/vod\/.+\?exp=\d+&sig=/);
      // the page's heartbeats carry the signature of its address
      const url = new URL(src, 'http://x');
      assert.deepEqual(signedHb, { login: b.usuario, vod: video.url, exp: url.searchParams.get('exp'), sig: url.searchParams.get('sig') });
      const whole = await h.app.inject({ url: src });
      assert.equal(whole.statusCode, 200);
      assert.equal(whole.headers['content-type'], 'video/mp4');
      assert.deepEqual(whole.rawPayload, clips.ok);
      const part = await h.app.inject({ url: src, headers: { range: 'bytes=0-99' } });
      assert.equal(part.statusCode, 206);
      assert.equal(part.rawPayload.length, 100);
      assert.equal((await h.app.inject({ url: src.replace(/sig=[^&]+/, 'sig=x') })).statusCode, 404);
      // the same address under another channel's login is refused
      assert.equal((await h.app.inject({ url: src.replace(`/vod/${b.usuario}/`, `/vod/${a.usuario}/`) })).statusCode, 404);
      const hb = await beat(signedHb);
      assert.equal(hb.json().live, true);
      // a video's viewer is counted, as a video's: not in the live count the plan's limit applies to
      const now = (await get(b.token, '/api/espectadores/tempo-real')).json();
      assert.deepEqual([now.espectadoresVod, now.espectadoresAtivos], [1, 0]);
      assert.equal((await get(b.token, '/api/dashboard/stats')).json().espectadoresAtivos, 0);
      // the session lives on with the page's heartbeats
      const again = await beat({ ...signedHb, session: hb.json().session });
      assert.equal(again.json().session, hb.json().session);
    } finally {
      clips.close();
    }
  });

  test('heartbeats of unknown channels are 404; a signed VOD address cannot be forged', async () => {
    assert.equal((await beat({ login: 'ninguem_aqui' })).statusCode, 404);
    assert.equal((await beat({ login: a.usuario, stream: `${b.usuario}_live` })).statusCode, 404);
    assert.equal((await h.app.inject({ url: `/api/player-port/vod/${a.usuario}/pasta/abc.mp4?exp=9999999999&sig=forjada` })).statusCode, 404);
  });

  test('a vod heartbeat counts only with its page\'s signature and only for a video the channel has', async () => {
    const clips = makeClips();
    try {
      const c = await h.createAccount({ espectadores: 100 });
      const token = await h.login(c.email, c.password);
      const folderId = await newFolder(h, token, 'Aulas');
      assert.equal((await uploadVideo(h, token, folderId, 'aula.mp4', clips.ok)).statusCode, 200);
      const [video] = (await get(token, `/api/videos?folder_id=${folderId}`)).json();
      const { hb } = cfgOf((await h.app.inject({ url: `/api/player-port/iframe?login=${c.usuario}&vod=${encodeURIComponent(video.url)}` })).body);
      const stats = async () => (await get(token, '/api/espectadores/tempo-real')).json().espectadoresVod as number;
      const other = await h.createAccount();
      for (const forged of [
        { login: c.usuario, vod: video.url }, // no signature: what anyone could send
        { ...hb, sig: 'forjada' }, { ...hb, sig: hb.sig!.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A')) },
        { ...hb, exp: String(Number(hb.exp) + 1) }, { ...hb, exp: String(Math.floor(Date.now() / 1000) - 10) },
        { ...hb, vod: `Aulas/outra.mp4` }, // a made-up video under a real signature
        { ...hb, login: other.usuario }, // another channel
      ]) {
        const r = await beat(forged);
        assert.equal(r.statusCode, 404, JSON.stringify(forged));
      }
      assert.equal(await stats(), 0);
      // no page, so no signature, for a video the channel does not have
      const missing = await h.app.inject({ url: `/api/player-port/iframe?login=${c.usuario}&vod=${encodeURIComponent('Aulas/nao-existe.mp4')}` });
      assert.equal(missing.statusCode, 404);
      assert.doesNotMatch(missing.body, /"sig"/);

      const first = await beat(hb);
      assert.equal(first.statusCode, 200);
      assert.equal(await stats(), 1);
      // once the video is gone, a signature the page had opens no new session
      assert.equal((await h.app.inject({ method: 'DELETE', url: `/api/videos/${video.id}`, headers: bearerHeader(token) })).statusCode, 200);
      assert.equal((await beat(hb)).statusCode, 404);
      assert.equal(await stats(), 1);
    } finally {
      clips.close();
    }
  });

  test('one address holds at most its share of a channel\'s sessions; more replace its oldest (IPv6 by /64)', async () => {
    const c = await h.createAccount({ espectadores: 100 });
    const token = await h.login(c.email, c.password);
    await goLive(c.usuario, token, '77');
    const hb = { login: c.usuario, stream: `${c.usuario}_live` };
    const stats = async () => (await get(token, '/api/dashboard/stats')).json().espectadoresAtivos as number;
    // one /64: different addresses of the same customer line count together
    const ip = (i: number) => `2001:db8:7:${'a'}::${(i + 1).toString(16)}`;
    const sessions: string[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_IP; i++) {
      const r = await beat(hb, ip(i));
      assert.equal(r.statusCode, 200);
      sessions.push(r.json().session);
    }
    assert.equal(await stats(), MAX_SESSIONS_PER_IP);
    for (const s of sessions.slice(1)) assert.equal((await beat({ ...hb, session: s }, ip(0))).json().session, s); // s[0] is now the least recently seen
    const extra = await beat(hb, '2001:db8:7:a:ffff::99');
    assert.equal(extra.statusCode, 200); // the newcomer plays...
    assert.equal(extra.json().viewers, MAX_SESSIONS_PER_IP); // ...in place of the address's oldest session
    assert.equal(await stats(), MAX_SESSIONS_PER_IP);
    const rows = await h.core.store.db.selectFrom('viewer_sessions').selectAll().where('user_id', '=', c.id).execute();
    assert.deepEqual(rows.filter((r) => r.ended_at).map((r) => r.session_key), [sessions[0]]);
    // the replaced viewer's next heartbeat simply gets a new session: nobody's picture stops
    const back = await beat({ ...hb, session: sessions[0] }, ip(0));
    assert.equal(back.statusCode, 200);
    assert.notEqual(back.json().session, sessions[0]);
    assert.equal(await stats(), MAX_SESSIONS_PER_IP);
    // other addresses (another /64, an IPv4) still get their places
    assert.equal((await beat(hb, '2001:db8:7:b::1')).statusCode, 200);
    assert.equal((await beat(hb, '198.51.100.20')).statusCode, 200);
    assert.equal(await stats(), MAX_SESSIONS_PER_IP + 2);
  });

  test('heartbeats are rate limited per address (IPv6 by /64), generously, with a 429 players retry after', async () => {
    assert.ok(PLAYER_REQUESTS_PER_IP_PER_MINUTE >= 100 * 6, 'cem espectadores atrás de um NAT, um heartbeat a cada 10 s');
    // the limiter counts per clock minute: start well inside one
    if (Date.now() % 60_000 > 50_000) await new Promise((r) => setTimeout(r, 60_500 - (Date.now() % 60_000)));
    const leave = (remoteAddress: string) =>
      h.app.inject({ method: 'POST', url: '/api/player-port/leave', payload: { session: 'x'.repeat(20) }, remoteAddress });
    // well past what one viewer sends, far from the limit
    for (let i = 0; i < 100; i++) assert.equal((await leave('203.0.113.9')).statusCode, 200);
    let n = 0;
    while ((await leave(`2001:db8:99:1::${(n % 500).toString(16)}`)).statusCode === 200) {
      n++;
      assert.ok(n <= PLAYER_REQUESTS_PER_IP_PER_MINUTE, 'o limite por endereço não foi aplicado');
    }
    assert.equal(n, PLAYER_REQUESTS_PER_IP_PER_MINUTE);
    const limited = await beat({ login: a.usuario }, '2001:db8:99:1:abcd::1');
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.headers['retry-after'], '10');
    assert.deepEqual(limited.json(), { success: false, error: msg.tooManyRequests, code: 'rate_limited' });
    // other addresses are not affected
    assert.equal((await leave('2001:db8:99:2::1')).statusCode, 200);
    assert.equal((await leave('203.0.113.9')).statusCode, 200);
  });

  test('the player page stops only for the viewer limit; a 429 or a server hiccup leaves the picture playing', async () => {
    const html = (await h.app.inject({ url: `/api/player-port/iframe?login=${a.usuario}` })).body;
    const script = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)![1]!;
    assert.match(script, /x\.r\.status === 429 \|\| x\.r\.status >= 500\) return;/);
    assert.match(script, /x\.r\.status === 403 && x\.j\.code === 'viewer_limit'\) \{ stop\(\);/);
  });

  test("a suspended channel's page says the channel is unavailable in the viewer's language; reactivated, the page is back", async () => {
    const c = await h.createAccount();
    const page = (lang?: string) =>
      h.app.inject({ url: `/api/player-port/iframe?login=${c.usuario}&stream=${c.usuario}_live`, ...(lang ? { headers: { 'accept-language': lang } } : {}) });
    /** Asks until `ok` holds: the public pages keep an account a second at most. */
    const until = async (ok: (r: Awaited<ReturnType<typeof page>>) => boolean, lang?: string) => {
      for (let i = 0; ; i++) {
        const r = await page(lang);
        if (ok(r) || i >= 30) return r;
        await new Promise((done) => setTimeout(done, 100));
      }
    };
    assert.equal((await page()).statusCode, 200);

    await h.core.accounts.setDisabled(c.email, true);
    const pt = await until((r) => r.statusCode !== 200);
    assert.equal(pt.statusCode, 404);
    assert.match(pt.body, /<html lang="pt-BR">/);
    assert.ok(pt.body.includes('<p>Este canal está indisponível no momento</p>'), pt.body);
    assert.ok(!pt.body.includes(msg.playerNotFound));
    const en = await page('en-US,en;q=0.9');
    assert.ok(en.body.includes('<html lang="en-US">') && en.body.includes('<p>This channel is unavailable at the moment</p>'), en.body);
    const es = await page('es-MX');
    assert.ok(es.body.includes('<html lang="es-ES">') && es.body.includes('<p>Este canal no está disponible en este momento</p>'), es.body);
    // a heartbeat of its page opens no session meanwhile
    assert.equal((await beat({ login: c.usuario, stream: `${c.usuario}_live` })).statusCode, 404);
    // a login that does not exist is still "not found", not "unavailable"
    const none = await h.app.inject({ url: '/api/player-port/iframe?login=ninguem_aqui', headers: { 'accept-language': 'en' } });
    assert.ok(none.statusCode === 404 && none.body.includes('Player not found') && !none.body.includes('unavailable'), none.body);

    await h.core.accounts.setDisabled(c.email, false);
    const back = await until((r) => r.statusCode === 200);
    assert.equal(back.statusCode, 200);
    assert.equal(cfgOf(back.body).src, `/hls/${c.usuario}_live.m3u8`);
    assert.ok(!back.body.includes('<p>Este canal está indisponível no momento</p>'));
  });

  describe("the owner's preview in the panel is no audience", () => {
    const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
    /** A channel on air with its owner's token. */
    const onAirChannel = async (espectadores: number, clientid: string) => {
      const acc = await h.createAccount({ espectadores });
      const token = await h.login(acc.email, acc.password);
      await goLive(acc.usuario, token, clientid);
      return { ...acc, token };
    };
    const grantOf = async (token: string) => {
      const r = await get(token, '/api/player-port/previa');
      assert.equal(r.statusCode, 200);
      return r.json() as { success: true; previa: string; exp: number };
    };
    const page = (login: string, previa?: string, extra = '') =>
      h.app.inject({ url: `/api/player-port/iframe?login=${login}&stream=${login}_live&player=hlsjs${extra}${previa === undefined ? '' : `&previa=${encodeURIComponent(previa)}`}` });
    const pull = (src: string, ip: string) => h.app.inject({ url: src, remoteAddress: ip, headers: { 'user-agent': CHROME } });
    const liveNow = async (token: string) => {
      const rt = (await get(token, '/api/espectadores/tempo-real')).json();
      const dash = (await get(token, '/api/dashboard/stats')).json();
      // the audience page and the dashboard read the same sessions: they must agree
      assert.equal(dash.espectadoresAtivos, rt.espectadoresAtivos);
      return rt.espectadoresAtivos as number;
    };

    test('the grant is for the signed-in owner only and never part of the embed code', async () => {
      assert.equal((await h.app.inject({ url: '/api/player-port/previa' })).statusCode, 401);
      const g = await grantOf(a.token);
      assert.match(g.previa, /^\d+\.[A-Za-z0-9_-]+$/);
      assert.equal(g.previa.split('.')[0], String(g.exp));
      const hours = (g.exp - Date.now() / 1000) / 3600;
      assert.ok(hours > 1 && hours <= 6, `${hours}`);
      const url = (await get(a.token, '/api/player-port/url?compartilhamento=true')).json();
      assert.doesNotMatch(`${url.player_url} ${url.embed_code}`, /previa/);
    });

    test('with its grant, the preview page beats and pulls the playlist without being counted; the same page without it counts', async () => {
      const c = await onAirChannel(100, '41');
      const { previa } = await grantOf(c.token);
      const preview = await page(c.usuario, previa, '&contador=true&compartilhamento=true');
      assert.equal(preview.statusCode, 200);
      const cfg = cfgOf(preview.body);
      assert.equal(cfg.hb.previa, previa);
      assert.equal(cfg.src, `/hls/${c.usuario}_live.m3u8?previa=${encodeURIComponent(previa)}`);
      // a viewer who shares what the owner sees must not pass the grant on
      assert.ok(cfg.share && !cfg.share.includes('previa') && cfg.share.includes(`login=${c.usuario}`), String(cfg.share));

      for (const ip of ['177.71.128.10', '200.147.1.1']) {
        const first = await beat(cfg.hb, ip);
        assert.equal(first.statusCode, 200);
        assert.deepEqual(first.json(), { success: true, live: true, fonte: 'obs', session: null, viewers: 0 });
        for (let i = 0; i < 3; i++) assert.equal((await pull(cfg.src, ip)).statusCode, 200);
        assert.equal((await beat(cfg.hb, ip)).json().session, null);
      }
      assert.equal(await liveNow(c.token), 0);
      const audience = (await get(c.token, '/api/espectadores?periodo=1h')).json();
      assert.deepEqual([audience.estatisticas.total, audience.estatisticas.ativos], [0, 0]);
      assert.equal((await h.core.store.db.selectFrom('viewer_sessions').select('id').where('user_id', '=', c.id).execute()).length, 0);

      // the very same page and requests without the grant are a viewer
      const plain = cfgOf((await page(c.usuario)).body);
      assert.equal(plain.hb.previa, undefined);
      assert.equal(plain.src, `/hls/${c.usuario}_live.m3u8`);
      const viewer = (await beat(plain.hb, '187.45.0.1')).json();
      assert.equal(typeof viewer.session, 'string');
      assert.equal(viewer.viewers, 1);
      assert.equal(await liveNow(c.token), 1);
      assert.equal((await pull(plain.src, '189.1.1.1')).statusCode, 200); // an outside player
      assert.equal(await liveNow(c.token), 2);
      // the preview goes on beating as before: still nobody's session
      const again = (await beat(cfg.hb, '177.71.128.10')).json();
      assert.deepEqual([again.live, again.session, typeof again.viewers], [true, null, 'number']);
      assert.equal(await liveNow(c.token), 2);
    });

    test("another channel's grant, an expired, forged or otherwise signed one is no grant: that page is a viewer like any other", async () => {
      const c = await onAirChannel(100, '42');
      const { previa: mine } = await grantOf(c.token);
      const { previa: others } = await grantOf(b.token);
      const [exp, sig] = mine.split('.') as [string, string];
      const expired = createGrants(secret(h.config.dataDir, 'player-preview.key'), -60).issue(c.usuario);
      const vodSigned = createGrants(secret(h.config.dataDir, 'player-vod.key'), 3600).issue(c.usuario);
      const bad = [
        others, `${expired.exp}.${expired.sig}`, `${vodSigned.exp}.${vodSigned.sig}`, `${exp}.forjada`, `${Number(exp) + 1}.${sig}`,
        sig, `${exp}.`, '', 'x'.repeat(300),
      ];
      let expected = 0;
      for (const [i, grant] of bad.entries()) {
        // never an error page: the page simply plays as a viewer's
        const r = await page(c.usuario, grant);
        assert.equal(r.statusCode, 200, grant);
        const cfg = cfgOf(r.body);
        assert.equal(cfg.hb.previa, undefined, grant);
        assert.equal(cfg.src, `/hls/${c.usuario}_live.m3u8`, grant);
        // a heartbeat or a playlist request that carries it anyway is counted
        const hb = await beat({ ...cfg.hb, previa: grant }, `10.0.${i}.1`);
        assert.equal(hb.statusCode, 200, grant);
        assert.equal(typeof hb.json().session, 'string', grant);
        assert.equal(await liveNow(c.token), ++expected, grant);
        assert.equal((await pull(`/hls/${c.usuario}_live.m3u8?previa=${encodeURIComponent(grant)}`, `10.1.${i}.1`)).statusCode, 200, grant);
        assert.equal(await liveNow(c.token), ++expected, grant);
      }
      // the owner's own grant on another channel's stream is no grant there either
      await goLive(b.usuario, b.token, '43');
      const before = await liveNow(b.token);
      assert.equal((await pull(`/hls/${b.usuario}_live.m3u8?previa=${encodeURIComponent(mine)}`, '10.2.0.1')).statusCode, 200);
      const hb = await beat({ login: b.usuario, stream: `${b.usuario}_live`, previa: mine }, '10.2.0.2');
      assert.equal(typeof hb.json().session, 'string');
      assert.equal(await liveNow(b.token), before + 2);
    });

    test("the preview takes no place of the plan's viewer limit and is never refused by it", async () => {
      const c = await onAirChannel(1, '44');
      const { previa } = await grantOf(c.token);
      const cfg = cfgOf((await page(c.usuario, previa)).body);
      assert.equal((await beat(cfg.hb, '177.71.128.10')).json().session, null);
      assert.equal((await pull(cfg.src, '177.71.128.10')).statusCode, 200);
      // the one place is still free for a viewer…
      const viewer = await beat({ login: c.usuario, stream: `${c.usuario}_live` }, '187.45.0.1');
      assert.equal(viewer.statusCode, 200);
      assert.equal(await liveNow(c.token), 1);
      // …and once it is taken, a second viewer is refused while the owner's preview still plays
      assert.equal((await beat({ login: c.usuario, stream: `${c.usuario}_live` }, '187.45.0.2')).statusCode, 403);
      const owner = await beat(cfg.hb, '177.71.128.10');
      assert.equal(owner.statusCode, 200);
      assert.deepEqual([owner.json().live, owner.json().session], [true, null]);
      assert.equal((await pull(cfg.src, '200.147.1.1')).statusCode, 200);
      assert.equal(await liveNow(c.token), 1);
    });
  });
});
