import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ipKey } from '../../platform/ip-key.ts';
import { secret } from '../../platform/secrets.ts';
import { bearerHeader } from '../../testing/harness.ts';
import { eventually, startLiveStack, type LiveStack, type Publisher } from '../../testing/live.ts';

/** A raw GET/HEAD/OPTIONS, the path sent as written (fetch would resolve `..` itself). */
function raw(port: number, method: string, p: string, host = '127.0.0.1', headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host, port, method, path: p, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** An address of this machine that is not loopback, to reach nginx as an outside viewer would; null when there is none. */
const outsideAddress = (): string | null =>
  Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal)?.address ?? null;

/**
 * The fragments players fetch come from nginx's own HTTP port (HLS_PORT), the playlists from
 * the API, which lists its fragments there; a real nginx-rtmp and a real broadcast.
 */
describe('HLS fragments served by nginx', () => {
  let s: LiveStack;
  let pub: Publisher;
  let login: string;
  let token: string;
  let playlistText: string;
  let fragmentUrl: URL;
  const stream = () => `${login}_live`;
  const sessions = () => s.h.core.store.db.selectFrom('viewer_sessions').select(['ip_hash', 'user_agent']).orderBy('id').execute();
  const ipHash = (ip: string) => createHmac('sha256', secret(s.h.config.dataDir, 'viewer-ip.key')).update(ipKey(ip)).digest('hex').slice(0, 32);

  before(async () => {
    s = await startLiveStack();
    const acc = await s.h.createAccount();
    login = acc.usuario;
    token = await s.h.login(acc.email, acc.password);
    const key = (await s.h.app.inject({ url: '/api/dados-conexao', headers: bearerHeader(token) })).json().rtmp.chave as string;
    pub = s.publish(key);
    playlistText = await eventually(async () => {
      const r = await fetch(`${s.apiUrl}/hls/${stream()}.m3u8`, { headers: { 'user-agent': 'teste-playlist' } });
      const text = await r.text();
      return r.ok && /\.ts$/m.test(text) && text;
    }, 15_000, 'playlist com fragmentos');
    fragmentUrl = new URL(/^(.+\.ts)$/m.exec(playlistText)![1]!);
  });
  after(async () => {
    await pub?.stop();
    await s?.close();
  });

  test('the API\'s playlist lists each fragment at nginx\'s HLS port, which serves the file with the HLS headers', async () => {
    assert.equal(fragmentUrl.origin, `http://127.0.0.1:${s.hlsPort}`);
    assert.match(fragmentUrl.pathname, new RegExp(`^/hls/${stream()}-\\d+\\.ts$`));
    for (const l of playlistText.split('\n').filter((x) => x && !x.startsWith('#'))) assert.ok(l.startsWith(`http://127.0.0.1:${s.hlsPort}/hls/`), l);

    const r = await fetch(fragmentUrl);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-type'), 'video/mp2t');
    assert.equal(r.headers.get('cache-control'), 'public, max-age=300');
    assert.equal(r.headers.get('access-control-allow-origin'), '*');
    assert.equal(r.headers.get('access-control-allow-methods'), 'GET, HEAD, OPTIONS');
    assert.equal(r.headers.get('access-control-allow-headers'), 'Range');
    const body = Buffer.from(await r.arrayBuffer());
    const onDisk = fs.readFileSync(path.join(s.h.config.dataDir, 'hls', path.basename(fragmentUrl.pathname)));
    assert.ok(body.length > 1000);
    assert.ok(body.equals(onDisk), 'the bytes of the file nginx wrote');

    const head = await raw(s.hlsPort, 'HEAD', fragmentUrl.pathname);
    assert.equal(head.status, 200);
    assert.equal(Number(head.headers['content-length']), onDisk.length);
    const pre = await raw(s.hlsPort, 'OPTIONS', fragmentUrl.pathname);
    assert.equal(pre.status, 204);
    assert.equal(pre.headers['access-control-allow-origin'], '*');
    assert.equal(pre.headers['access-control-allow-headers'], 'Range');
    const missing = await raw(s.hlsPort, 'GET', `/hls/${stream()}-1.ts`);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers['access-control-allow-origin'], '*');

    // the API's own route keeps answering for a playlist a player fetched before the upgrade
    const old = await fetch(`${s.apiUrl}/hls/${path.basename(fragmentUrl.pathname)}`);
    assert.equal(old.status, 200);
    assert.equal(old.headers.get('content-type'), 'video/mp2t');
    assert.ok(Buffer.from(await old.arrayBuffer()).equals(onDisk));
  });

  test('nothing else of the disk: no playlist file, no other name, no listing, no way out of the directory', async () => {
    const hlsDir = path.join(s.h.config.dataDir, 'hls');
    // a playlist nginx left on disk for a broadcast that is not open: only the API may hand it out, and it does not
    fs.writeFileSync(path.join(hlsDir, 'fora_do_ar_live.m3u8'), '#EXTM3U\n#EXTINF:2.000,\nfora_do_ar_live-1.ts\n');
    fs.writeFileSync(path.join(hlsDir, 'notas.txt'), 'segredo');
    for (const p of ['/', '/hls/', '/hls', '/hls/fora_do_ar_live.m3u8', '/hls/notas.txt', '/hls/../hls/notas.txt', '/hls/../x', '/hls/..%2fnotas.txt',
      '/nginx.conf', '/hls/../nginx/nginx.conf', `/hls/${stream()}.ts`, `/hls/${path.basename(fragmentUrl.pathname)}x`, '/stat']) {
      const r = await raw(s.hlsPort, 'GET', p);
      assert.equal(r.status, 404, p);
      assert.doesNotMatch(r.body.toString(), /segredo|EXTM3U|rtmp|worker_processes/, p);
    }
  });

  test('the live playlist asked of nginx\'s port comes from the API: the player page\'s policy allows the port, viewers are counted by their address', async () => {
    // the embed's page lets its player fetch the fragments from the HLS port
    const page = await fetch(`${s.apiUrl}/api/player-port/iframe?login=${login}&stream=${stream()}&player=hlsjs`);
    assert.match(page.headers.get('content-security-policy') ?? '', new RegExp(`connect-src 'self' http://127\\.0\\.0\\.1:${s.hlsPort}(;|$)`));

    const before = (await sessions()).length;
    const viaNginx = await fetch(`http://127.0.0.1:${s.hlsPort}/hls/${stream()}.m3u8`, { headers: { 'user-agent': 'VLC/3.0.20 nginx', 'x-forwarded-for': '203.0.113.66' } });
    assert.equal(viaNginx.status, 200);
    assert.equal(viaNginx.headers.get('content-type'), 'application/vnd.apple.mpegurl');
    assert.match(await viaNginx.text(), new RegExp(`^http://127\\.0\\.0\\.1:${s.hlsPort}/hls/${stream()}-\\d+\\.ts$`, 'm'));
    // the owner's preview grant passes through nginx too: not counted
    const grant = (await s.h.app.inject({ url: '/api/player-port/previa', headers: bearerHeader(token) })).json().previa as string;
    const preview = await fetch(`http://127.0.0.1:${s.hlsPort}/hls/${stream()}.m3u8?previa=${encodeURIComponent(grant)}`, { headers: { 'user-agent': 'previa' } });
    assert.equal(preview.status, 200);
    const added = (await sessions()).slice(before);
    // nginx writes the header itself: the address a client claims is replaced by the one it connects from
    assert.deepEqual(added.map((x) => [x.ip_hash, x.user_agent]), [[ipHash('127.0.0.1'), 'VLC/3.0.20 nginx']]);

    const outside = outsideAddress();
    if (!outside) return; // a machine with loopback only: the outside viewer cannot be played here
    // whatever forwarding headers the viewer sends itself, nginx passes on only what it saw
    const forged = { 'x-forwarded-for': '203.0.113.99', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const r = await raw(s.hlsPort, 'GET', `/hls/${stream()}.m3u8`, outside, { 'user-agent': 'VLC/3.0.20 fora', ...forged });
    assert.equal(r.status, 200);
    // the host the viewer used, on the HLS port; counted under its own address
    assert.match(r.body.toString(), new RegExp(`^http://${outside.replace(/\./g, '\\.')}:${s.hlsPort}/hls/${stream()}-\\d+\\.ts$`, 'm'));
    const last = (await sessions()).at(-1)!;
    assert.deepEqual([last.ip_hash, last.user_agent], [ipHash(outside), 'VLC/3.0.20 fora']);
    const frag = await raw(s.hlsPort, 'GET', fragmentUrl.pathname, outside);
    assert.equal(frag.status, 200);
  });
});
