import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client, FTPError } from 'basic-ftp';
import sharp from 'sharp';
import { errorText } from '@painel/contract';
import { freePort } from '../../platform/ports.ts';
import { bearerHeader, startHarness, startPeer, type Harness, type PeerServer } from '../../testing/harness.ts';
import { makeChannelClip, multipart, tree, waitFor } from '../../testing/library.ts';
import { startFtp, type FtpHandle } from '../ftp-server/ftp-server.ts';
import { FORWARDED_HEADER } from './routing.ts';

interface Account { id: number; email: string; usuario: string; password: string; token: string }

/**
 * Two servers of one installation over one database, each API on its own port: account A lives
 * on server 1, B on server 2. Whichever API a request reaches, an account's files are read and
 * written only on its own server's disk — a request with a session (or any change) is passed on
 * to it, a public GET is redirected there, and with its server offline nothing is read or written.
 */
describe('servers: requests for an account\'s files reach its own server', () => {
  let h: Harness;
  let peer: PeerServer;
  let ftp: FtpHandle;
  let url1: string;
  let url2: string;
  let a: Account;
  let b: Account;
  let clip: Buffer;
  let clipDir: string;
  const clients: Client[] = [];

  const db = () => h.core.store.db;
  /** The servers' rows as their workers write them: addresses and a heartbeat `agoMs` old. */
  const heartbeat = async (id: number, publicUrl: string, agoMs = 0) => {
    const at = new Date(Date.now() - agoMs).toISOString();
    const u = new URL(publicUrl);
    await db().insertInto('servers').values({
      codigo_servidor: id, host: u.hostname, public_url: publicUrl, rtmp_port: 1935, ftp_port: 2100 + id, hls_port: 0,
      started_at: at, heartbeat_at: at, cpu_cores: 2, cpu_permille: 100, live_channels: 0, media_processes: 0,
      viewers: 0, disk_free_mb: 10_000, disk_total_mb: 20_000,
    }).onConflict((oc) => oc.column('codigo_servidor').doUpdateSet({ heartbeat_at: at, public_url: publicUrl, host: u.hostname })).execute();
  };
  const account = async (codigoServidor: number): Promise<Account> => {
    const x = await h.createAccount({ codigoServidor, espaco: 1000 });
    return { ...x, token: await h.login(x.email, x.password) };
  };
  const call = (base: string, token: string | null, method: string, url: string, init: { body?: Uint8Array<ArrayBuffer> | string; headers?: Record<string, string> } = {}) =>
    fetch(`${base}${url}`, {
      method, redirect: 'manual', ...(init.body !== undefined ? { body: init.body } : {}),
      headers: { ...(token ? bearerHeader(token) : {}), ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });
  const newFolder = async (base: string, who: Account, nome: string): Promise<number> => {
    const r = await call(base, who.token, 'POST', '/api/folders', { body: JSON.stringify({ nome }) });
    assert.equal(r.status, 200, await r.clone().text());
    return ((await r.json()) as { id: number }).id;
  };
  const upload = (base: string, who: Account, folderId: number, name: string) => {
    const m = multipart(name, clip);
    return call(base, who.token, 'POST', `/api/videos/upload?folder_id=${folderId}`, { body: new Uint8Array(m.payload), headers: { 'content-type': m.contentType } });
  };
  const storageOf = (s: { core: Harness['core'] }, login: string) => tree(s.core.library.storage.accountDir(login)).filter((f) => f.endsWith('.mp4'));
  const videoRows = async (userId: number) => db().selectFrom('videos').select(['id', 'arquivo']).where('user_id', '=', userId).execute();

  before(async () => {
    clipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-routing-'));
    clip = makeChannelClip(clipDir, 'routing', 'testsrc', 2);
    h = await startHarness({ env: { NODE_ID: '1', PUBLIC_HOST: '127.0.0.1' } });
    peer = await startPeer(h, { NODE_ID: '2', PUBLIC_HOST: '127.0.0.1' });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    await peer.app.listen({ port: 0, host: '127.0.0.1' });
    url1 = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
    url2 = `http://127.0.0.1:${(peer.app.server.address() as { port: number }).port}`;
    await heartbeat(1, url1);
    await heartbeat(2, url2);
    a = await account(1);
    b = await account(2);
    ftp = await startFtp(h.core, { port: await freePort(), host: '127.0.0.1' });
  });
  after(async () => {
    for (const c of clients) c.close();
    await ftp?.close();
    await peer?.close();
    await h?.close();
    fs.rmSync(clipDir, { recursive: true, force: true });
  });

  test('B\'s folder and upload sent to server 1 land on server 2\'s disk, with their row; A\'s stay on server 1', async () => {
    await heartbeat(2, url2);
    const folderB = await newFolder(url1, b, 'aulas');
    assert.ok(fs.existsSync(path.join(peer.core.library.storage.accountDir(b.usuario), 'aulas')), 'the folder is on server 2');
    assert.ok(!fs.existsSync(path.join(h.core.library.storage.accountDir(b.usuario), 'aulas')), 'and not on server 1');

    const r = await upload(url1, b, folderB, 'aula 1.mp4');
    assert.equal(r.status, 200, await r.clone().text());
    const { video } = (await r.json()) as { video: { id: number; nome: string } };
    assert.equal(video.nome, 'aula 1.mp4');
    assert.equal(storageOf(peer, b.usuario).length, 1, 'the file is in server 2\'s storage');
    assert.deepEqual(storageOf(h, b.usuario), [], 'nothing of B on server 1');
    assert.deepEqual((await videoRows(b.id)).map((v) => v.id), [video.id]);

    const folderA = await newFolder(url1, a, 'aulas');
    const ra = await upload(url1, a, folderA, 'a.mp4');
    assert.equal(ra.status, 200, await ra.clone().text());
    assert.equal(storageOf(h, a.usuario).length, 1, 'A\'s upload is on server 1');
    assert.deepEqual(storageOf(peer, a.usuario), []);
  });

  test('B\'s playback and download through server 1 give server 2\'s bytes; a public address is redirected there', async () => {
    await heartbeat(2, url2);
    const folders = (await (await call(url1, b.token, 'GET', '/api/folders')).json()) as { id: number }[];
    const list = (await (await call(url1, b.token, 'GET', `/api/videos?folder_id=${folders[0]!.id}`)).json()) as { url: string; content_token: string }[];
    const v = list[0]!;
    const onDisk = fs.readFileSync(path.join(peer.core.library.storage.accountDir(b.usuario), storageOf(peer, b.usuario)[0]!));

    // with the session: passed on, whole and in ranges
    const whole = await call(url1, b.token, 'GET', `${v.url}?download=1`);
    assert.equal(whole.status, 200);
    assert.ok(Buffer.from(await whole.arrayBuffer()).equals(onDisk), 'the bytes of server 2\'s file');
    assert.match(whole.headers.get('content-disposition') ?? '', /aula 1\.mp4/);
    const head = await call(url1, b.token, 'HEAD', v.url);
    assert.equal(head.status, 200);
    // HEAD passed on: server 2's own answer (its headers, no body)
    const direct = await call(url2, b.token, 'HEAD', v.url);
    for (const k of ['content-type', 'content-length', 'etag', 'accept-ranges']) assert.equal(head.headers.get(k), direct.headers.get(k), k);
    const part = await call(url1, b.token, 'GET', v.url, { headers: { range: 'bytes=10-99' } });
    assert.equal(part.status, 206);
    assert.ok(Buffer.from(await part.arrayBuffer()).equals(onDisk.subarray(10, 100)));

    // a player's address (the read grant, no header): 307 to the same path and query on server 2, which serves it
    const grantUrl = `${v.url}?auth_token=${encodeURIComponent(v.content_token)}`;
    const moved = await call(url1, null, 'GET', grantUrl);
    assert.equal(moved.status, 307);
    assert.equal(moved.headers.get('location'), `${url2}${grantUrl}`);
    const followed = await fetch(`${url1}${grantUrl}`);
    assert.equal(followed.status, 200);
    assert.ok(Buffer.from(await followed.arrayBuffer()).equals(onDisk));

    // the channel's HLS and player page: redirected to server 2
    for (const u of [`/hls/${b.usuario}_live.m3u8`, `/hls/${b.usuario}_live-3.ts`, `/api/player-port/iframe?login=${b.usuario}&stream=live`]) {
      const r = await call(url1, null, 'GET', u);
      assert.equal(r.status, 307, u);
      assert.equal(r.headers.get('location'), `${url2}${u}`);
      assert.equal(r.headers.get('access-control-allow-origin'), '*');
    }
    // A's on server 1: answered there (not live: 404)
    assert.equal((await call(url1, null, 'GET', `/hls/${a.usuario}_live.m3u8`)).status, 404);
    // pure database reads stay on the server that was asked
    assert.equal((await call(url1, b.token, 'GET', '/api/dados-conexao')).status, 200);
  });

  test('B\'s upload cut half-way through server 1 is dropped on server 2 too: no file, no row', async () => {
    await heartbeat(2, url2);
    const folders = (await (await call(url1, b.token, 'GET', '/api/folders')).json()) as { id: number }[];
    const rows = (await videoRows(b.id)).length;
    const files = storageOf(peer, b.usuario);
    const m = multipart('cortado.mp4', clip);
    const u = new URL(`${url1}/api/videos/upload?folder_id=${folders[0]!.id}`);
    const req = http.request(u, { method: 'POST', headers: { ...bearerHeader(b.token), 'content-type': m.contentType, 'content-length': m.payload.length } });
    req.on('error', () => undefined);
    req.write(m.payload.subarray(0, Math.floor(m.payload.length / 2)));
    // the half reached server 2 (its upload is staged there), then the client goes away
    const incoming = peer.core.library.storage.incoming;
    await waitFor(() => tree(incoming).some((f) => !f.startsWith('.')), 5000);
    req.destroy();
    await waitFor(() => !tree(incoming).some((f) => !f.startsWith('.')), 5000);
    assert.equal((await videoRows(b.id)).length, rows);
    assert.deepEqual(storageOf(peer, b.usuario), files);
  });

  test('a request already passed on once is never passed on again', async () => {
    await heartbeat(2, url2);
    const r = await call(url1, b.token, 'GET', '/api/folders/1/info', { headers: { [FORWARDED_HEADER]: '3' } });
    assert.equal(r.status, 503);
    assert.equal(((await r.json()) as { code: string }).code, 'account_server_offline');
  });

  test('server 2 that reports but does not answer: 502, nothing written', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    await heartbeat(2, closed);
    const before = (await videoRows(b.id)).length;
    await waitFor(async () => (await call(url1, b.token, 'DELETE', '/api/folders/999999')).status === 502, 5000);
    const r = await upload(url1, b, 1, 'nao.mp4');
    assert.equal(r.status, 502);
    assert.equal(((await r.json()) as { code: string }).code, 'account_server_unreachable');
    assert.equal((await videoRows(b.id)).length, before);
    await heartbeat(2, url2);
  });

  test('B\'s watermark logo sent to server 1 is stored on server 2; its public address on server 1 is redirected there', async () => {
    // server 2 back at its address and reporting (the test before sent it elsewhere): seen within the directory's 2 s
    await heartbeat(2, url2);
    await waitFor(async () => (await call(url1, null, 'GET', `/hls/${b.usuario}_live.m3u8`)).headers.get('location')?.startsWith(url2) === true, 5000);
    const png = await sharp({ create: { width: 48, height: 48, channels: 4, background: '#1e90ff' } }).png().toBuffer();
    const boundary = `----painel${Math.random().toString(16).slice(2)}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="nome"\r\n\r\nMarca\r\n--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="marca.png"\r\nContent-Type: image/png\r\n\r\n`),
      png, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await call(url1, b.token, 'POST', '/api/logos', { body: new Uint8Array(body), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    assert.equal(r.status, 200, await r.clone().text());
    const logo = (await db().selectFrom('logos').select('arquivo').where('user_id', '=', b.id).executeTakeFirstOrThrow()).arquivo;
    assert.ok(fs.existsSync(path.join(peer.config.dataDir, 'logos', logo)), 'on server 2\'s disk');
    assert.equal(fs.existsSync(path.join(h.config.dataDir, 'logos', logo)), false, 'not on server 1\'s');
    const asked = await call(url1, null, 'GET', `/logos/${logo}`);
    assert.equal(asked.status, 307);
    assert.equal(asked.headers.get('location'), `${url2}/logos/${logo}`);
    const followed = await fetch(`${url1}/logos/${logo}`);
    assert.equal(followed.status, 200);
    assert.deepEqual(Buffer.from(await followed.arrayBuffer()), fs.readFileSync(path.join(peer.config.dataDir, 'logos', logo)));
  });

  test('with server 2 offline, B\'s files are refused with 503 and nothing is written anywhere; A is untouched', async () => {
    await heartbeat(2, url2, 60_000);
    const before = { rows: (await videoRows(b.id)).length, on2: storageOf(peer, b.usuario), on1: storageOf(h, b.usuario) };
    const folders = (await (await call(url1, b.token, 'GET', '/api/folders')).json()) as { id: number }[];
    // the server's row is reused for a moment: within a couple of seconds the refusal starts
    await waitFor(async () => (await call(url1, null, 'GET', `/hls/${b.usuario}_live.m3u8`)).status === 503, 5000);
    const r = await upload(url1, b, folders[0]!.id, 'fora.mp4');
    assert.equal(r.status, 503);
    const body = (await r.json()) as { code: string; error: string };
    assert.equal(body.code, 'account_server_offline');
    assert.equal(body.error, errorText('account_server_offline'));
    assert.equal(r.headers.get('retry-after'), '30');
    assert.equal((await videoRows(b.id)).length, before.rows, 'no row');
    assert.deepEqual(storageOf(peer, b.usuario), before.on2, 'no file on server 2');
    assert.deepEqual(storageOf(h, b.usuario), before.on1, 'no file on server 1');
    assert.deepEqual(tree(h.core.library.storage.incoming).filter((f) => !f.startsWith('.')), [], 'nothing staged on server 1');

    // the dashboard (database only) still answers, and says the account's server is offline
    const d = await call(url1, b.token, 'GET', '/api/dashboard/overview');
    assert.equal(d.status, 200);
    assert.deepEqual(((await d.json()) as { servidor: unknown }).servidor, { codigo: 2, online: false });

    // A, on server 1, goes on as before
    const folderA = await newFolder(url1, a, 'extra');
    const ra = await upload(url1, a, folderA, 'a2.mp4');
    assert.equal(ra.status, 200, await ra.clone().text());
    assert.equal(storageOf(h, a.usuario).length, 2);
    await heartbeat(2, url2);
  });

  test('FTP on server 1 refuses B (whose files are on server 2) and names B\'s server; A logs in', async () => {
    const connect = async (who: Account) => {
      const row = await h.core.accounts.byId(who.id);
      const c = new Client(10_000);
      clients.push(c);
      await c.access({ host: '127.0.0.1', port: ftp.port, user: who.usuario, password: h.core.accounts.ftpPassword(row!) });
      return c;
    };
    const refused = await connect(b).then(() => null, (e: unknown) => e);
    assert.ok(refused instanceof FTPError, String(refused));
    assert.equal(refused.code, 530);
    assert.match(refused.message, new RegExp(errorText('ftp_account_elsewhere', { host: '127.0.0.1', porta: 2102 }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const c = await connect(a);
    assert.ok(Array.isArray(await c.list('/')));
    // A's account moved to server 2 meanwhile: its open session on server 1 ends at the next command, saying where to go
    await db().updateTable('accounts').set({ codigo_servidor: 2 }).where('id', '=', a.id).execute();
    try {
      const ended = await c.list('/').then(() => null, (e: unknown) => e);
      assert.ok(ended instanceof Error, String(ended));
      assert.match(ended.message, /outro servidor/);
    } finally {
      await db().updateTable('accounts').set({ codigo_servidor: 1 }).where('id', '=', a.id).execute();
    }
  });
});
