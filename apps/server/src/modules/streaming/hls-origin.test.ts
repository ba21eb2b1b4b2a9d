import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startHarness, type Harness } from '../../testing/harness.ts';
import { goLive } from '../../testing/on-air.ts';
import { createHlsOrigin, plainHostName } from './hls-origin.ts';

const viewer = (host: string, o: { ip?: string; protocol?: string } = {}) => ({ ip: o.ip ?? '203.0.113.9', protocol: o.protocol ?? 'http', host });

describe('where a viewer fetches the HLS fragments', () => {
  test('the host the viewer used, on HLS_PORT; loopback clients get nginx on 127.0.0.1', () => {
    const o = createHlsOrigin({ hlsPort: 3002, hlsPublicUrl: undefined });
    assert.equal(o.fragmentBase(viewer('tv.exemplo.com.br:3001')), 'http://tv.exemplo.com.br:3002/hls/');
    assert.equal(o.origin(viewer('tv.exemplo.com.br:3001')), 'http://tv.exemplo.com.br:3002');
    assert.equal(o.fragmentBase(viewer('TV.Exemplo.com.br.')), 'http://tv.exemplo.com.br:3002/hls/');
    assert.equal(o.fragmentBase(viewer('198.51.100.4:3001')), 'http://198.51.100.4:3002/hls/');
    assert.equal(o.fragmentBase(viewer('[2001:db8::1]:3001')), 'http://[2001:db8::1]:3002/hls/');
    // the worker's ffmpeg reading the channel through the API on loopback: nginx on loopback, whatever Host says
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) assert.equal(o.fragmentBase(viewer('painel.local:3001', { ip })), 'http://127.0.0.1:3002/hls/');
    // a server bound to one address (BIND_ADDRESS, two servers on one machine): its own nginx, at that address
    const bound = createHlsOrigin({ hlsPort: 3002, hlsPublicUrl: undefined, hlsLocalHost: '127.0.0.3' });
    assert.equal(bound.fragmentBase(viewer('painel.local:3001', { ip: '127.0.0.1' })), 'http://127.0.0.3:3002/hls/');
  });

  test('a Host header that is no plain name or address, or a page over HTTPS, keeps relative addresses', () => {
    const o = createHlsOrigin({ hlsPort: 3002, hlsPublicUrl: undefined });
    for (const host of ['', 'evil.com/x', 'a b', 'evil.com"', 'user@evil.com', '-x.com', 'x..com', '[zz::1]', `${'a'.repeat(64)}.com`, 'evil.com:3001:1']) {
      assert.equal(o.fragmentBase(viewer(host)), null, host);
    }
    assert.equal(o.fragmentBase(viewer('tv.exemplo.com.br', { protocol: 'https' })), null);
    assert.equal(plainHostName('tv.exemplo.com.br:443'), 'tv.exemplo.com.br');
  });

  test('HLS_PUBLIC_URL (a TLS front of the HLS port) for every outside viewer; HLS_PORT=0 turns it all off', () => {
    const o = createHlsOrigin({ hlsPort: 3002, hlsPublicUrl: 'https://hls.exemplo.com.br/canais' });
    assert.equal(o.fragmentBase(viewer('tv.exemplo.com.br', { protocol: 'https' })), 'https://hls.exemplo.com.br/canais/hls/');
    assert.equal(o.origin(viewer('qualquer')), 'https://hls.exemplo.com.br');
    assert.equal(o.fragmentBase(viewer('x', { ip: '127.0.0.1' })), 'http://127.0.0.1:3002/hls/');
    const off = createHlsOrigin({ hlsPort: 0, hlsPublicUrl: 'https://hls.exemplo.com.br' });
    assert.equal(off.fragmentBase(viewer('tv.exemplo.com.br')), null);
    assert.equal(off.fragmentBase(viewer('x', { ip: '127.0.0.1' })), null);
    for (const bad of ['ftp://x', 'https://u:p@x', 'https://x/?a=1', 'nada']) assert.throws(() => createHlsOrigin({ hlsPort: 3002, hlsPublicUrl: bad }), /HLS_PUBLIC_URL/);
  });
});

describe('the playlist the API serves, with nginx on HLS_PORT', () => {
  let h: Harness;
  let login: string;
  const pull = (o: { remoteAddress: string; host?: string; headers?: Record<string, string> }) =>
    h.app.inject({ url: `/hls/${login}_live.m3u8`, remoteAddress: o.remoteAddress, headers: { host: o.host ?? 'tv.exemplo.com.br:3001', ...o.headers } });
  const sessions = () => h.core.store.db.selectFrom('viewer_sessions').select('ip_hash').orderBy('id').execute();

  before(async () => {
    h = await startHarness({ env: { HLS_PORT: '3002' } });
    const acc = await h.createAccount();
    login = acc.usuario;
    await goLive(h, login, await h.login(acc.email, acc.password), '31');
  });
  after(() => h?.close());

  test('lists its fragments at the viewer\'s host on HLS_PORT, and relative ones when the Host is unusable', async () => {
    const r = await pull({ remoteAddress: '203.0.113.9' });
    assert.equal(r.statusCode, 200);
    assert.match(r.body, /^http:\/\/tv\.exemplo\.com\.br:3002\/hls\/x-0\.ts$/m);
    const odd = await pull({ remoteAddress: '203.0.113.9', host: 'evil.com/"x' });
    assert.match(odd.body, /^x-0\.ts$/m);
  });

  test('the client address comes from X-Forwarded-For only when the peer is loopback (nginx)', async () => {
    const before = (await sessions()).length;
    // an outside client's own X-Forwarded-For is ignored: it is counted as itself, once
    await pull({ remoteAddress: '198.51.100.20', headers: { 'x-forwarded-for': '203.0.113.77', 'user-agent': 'VLC/3' } });
    await pull({ remoteAddress: '198.51.100.20', headers: { 'x-forwarded-for': '203.0.113.78', 'user-agent': 'VLC/3' } });
    // nginx on loopback passes two different viewers: two sessions, and their playlist points at the HLS port
    const a = await pull({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.77', 'user-agent': 'VLC/3' } });
    await pull({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.78', 'user-agent': 'VLC/3' } });
    assert.match(a.body, /^http:\/\/tv\.exemplo\.com\.br:3002\/hls\/x-0\.ts$/m);
    const hashes = (await sessions()).slice(before).map((s) => s.ip_hash);
    assert.equal(hashes.length, 3);
    assert.equal(new Set(hashes).size, 3);
  });
});
