import assert from 'node:assert/strict';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { Client, FTPError } from 'basic-ftp';
import { errorText, type Video } from '@painel/contract';
import { startFtp, type FtpHandle } from '../modules/ftp-server/ftp-server.ts';
import { bearerHeader, startHarness, type Harness } from '../testing/harness.ts';
import { leftovers, makeClips, newFolder, upload, type Clips } from '../testing/library.ts';
import { diskSpace, ensureFreeSpace } from './disk-space.ts';
import { freePort } from './ports.ts';
import { MB } from './units.ts';

/** MB the data directory's disk has free now, as statfs reports it to an unprivileged process. */
const freeMbOf = async (dir: string) => {
  const st = await fsp.statfs(dir);
  return Math.floor((Number(st.bavail) * Number(st.bsize)) / MB);
};

/**
 * MIN_FREE_MB: with the threshold set above what the machine has free (free + 1 GB), the panel
 * refuses every writer of new media — HTTP upload, FTP upload, link download, conversion — with
 * the disk's figures and before writing anything, and the dashboard says the disk is under the
 * minimum; at 0 the same requests all go through. One harness: the threshold is the live
 * configuration the services read at each request.
 */
describe('MIN_FREE_MB: a server disk under the minimum refuses new media before writing', () => {
  let h: Harness;
  let ftp: FtpHandle;
  let clips: Clips;
  let token: string;
  let usuario: string;
  let ftpPassword: string;
  let folderId: number;
  let video: Video;
  const peer = '127.0.0.1:9';
  const clients: Client[] = [];

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const jobs = async () => (await h.core.store.db.selectFrom('jobs').select(['id', 'kind']).execute()).length;
  const reservations = async () => (await h.core.store.db.selectFrom('upload_reservations').select('id').execute()).length;
  const videos = async () => (await call('GET', `/api/videos?folder_id=${folderId}`)).json<Video[]>();
  async function connect(): Promise<Client> {
    const c = new Client(10_000);
    clients.push(c);
    await c.access({ host: '127.0.0.1', port: ftp.port, user: usuario, password: ftpPassword });
    return c;
  }
  /** Sets the threshold a gigabyte above the free space now; returns it. */
  const aboveFree = async () => {
    h.config.minFreeMb = (await freeMbOf(h.config.dataDir)) + 1024;
    return h.config.minFreeMb;
  };

  before(async () => {
    clips = makeClips();
    const min = 40000 + Math.floor(Math.random() * 400) * 50;
    h = await startHarness({ env: { MIN_FREE_MB: '0', OUTBOUND_ALLOW: peer, FTP_PASV_MIN: String(min), FTP_PASV_MAX: String(min + 49) } });
    ftp = await startFtp(h.core, { port: await freePort(), host: '127.0.0.1' });
    const a = await h.createAccount({ espaco: 1000 });
    token = await h.login(a.email, a.password);
    usuario = a.usuario;
    ftpPassword = h.core.accounts.ftpPassword((await h.core.accounts.byLogin(a.email))!);
    folderId = await newFolder(h, token, 'Videos');
    // a video to convert, stored while the check is off
    const r = await upload(h, token, folderId, 'fonte.mp4', clips.mid);
    assert.equal(r.statusCode, 200, r.body);
    video = r.json<{ video: Video }>().video;
  });
  after(async () => {
    for (const c of clients) c.close();
    await ftp?.close();
    await h?.close();
    clips?.close();
  });

  test('the setting: 1024 MB by default, MIN_FREE_MB read as MB, 0 turns it off', async () => {
    const { loadConfig } = await import('./config.ts');
    assert.equal(loadConfig({}).minFreeMb, 1024);
    assert.equal(loadConfig({ MIN_FREE_MB: '5000' }).minFreeMb, 5000);
    assert.equal(loadConfig({ MIN_FREE_MB: '0' }).minFreeMb, 0);
    const dataDir = h.config.dataDir;
    const free = await freeMbOf(dataDir);
    assert.deepEqual(await diskSpace({ dataDir, minFreeMb: 0 }).then((s) => s && s.belowMinimum), false);
    assert.equal((await diskSpace({ dataDir, minFreeMb: free + 1024 }))?.belowMinimum, true);
    await ensureFreeSpace({ dataDir, minFreeMb: 0 });
    await assert.rejects(ensureFreeSpace({ dataDir, minFreeMb: free + 1024 }), (e: Error & { code?: string }) => e.code === 'disk_space_low');
  });

  test('an HTTP upload is refused with the disk figures and leaves no file, no row, no reservation', async () => {
    const minMb = await aboveFree();
    const r = await upload(h, token, folderId, 'novo.mp4', clips.ok);
    assert.equal(r.statusCode, 507, r.body);
    const body = r.json<{ code: string; error: string; values: { freeMb: number; minMb: number } }>();
    assert.equal(body.code, 'disk_space_low');
    assert.equal(body.values.minMb, minMb);
    assert.ok(body.values.freeMb < minMb, JSON.stringify(body.values));
    assert.equal(body.error, errorText('disk_space_low', body.values));
    assert.match(body.error, /Espaço em disco insuficiente no servidor/);
    assert.deepEqual((await videos()).map((v) => v.nome), ['fonte.mp4']);
    assert.equal(await reservations(), 0);
    assert.deepEqual(leftovers(h, usuario).incoming, []);
    assert.equal(leftovers(h, usuario).account.filter((f) => f.includes('/')).length, 1, 'only the video stored before');
  });

  test('an FTP upload is refused with a 550 carrying the message before any data; nothing kept', async () => {
    await aboveFree();
    const c = await connect();
    const refused = await c.uploadFrom(Readable.from([clips.ok]), 'Videos/ftp.mp4').then(() => null, (e: unknown) => e);
    assert.ok(refused instanceof FTPError, String(refused));
    assert.equal(refused.code, 550);
    assert.match(refused.message, /Espaço em disco insuficiente no servidor: restam \d+ MB livres e o mínimo exigido é \d+ MB/);
    assert.deepEqual((await videos()).map((v) => v.nome), ['fonte.mp4']);
    assert.equal(await reservations(), 0);
    assert.deepEqual(leftovers(h, usuario).incoming, []);
  });

  test('a link download and a conversion are refused before anything is queued', async () => {
    const minMb = await aboveFree();
    const before = await jobs();
    const d = await call('POST', '/api/downloadyoutube', { url: `http://${peer}/video.mp4`, id_pasta: folderId });
    assert.equal(d.statusCode, 507, d.body);
    assert.deepEqual([d.json().code, d.json().values.minMb], ['disk_space_low', minMb]);
    const c = await call('POST', '/api/conversion/convert', { video_id: video.id, quality: 'baixa' });
    assert.equal(c.statusCode, 507, c.body);
    assert.deepEqual([c.json().code, c.json().values.minMb], ['disk_space_low', minMb]);
    assert.equal(await jobs(), before);
  });

  test('the dashboard overview says the disk is under the minimum, with the figures', async () => {
    const minMb = await aboveFree();
    const r = await call('GET', '/api/dashboard/overview');
    assert.equal(r.statusCode, 200, r.body);
    const disco = r.json().recursos.disco;
    assert.equal(disco.abaixo_do_minimo, true);
    assert.equal(disco.minimo_livre_mb, minMb);
    assert.ok(disco.livre_mb > 0 && disco.livre_mb < minMb, JSON.stringify(disco));
  });

  test('with MIN_FREE_MB at 0 the same requests all go through and the dashboard has no warning', async () => {
    h.config.minFreeMb = 0;
    const r = await upload(h, token, folderId, 'novo.mp4', clips.ok);
    assert.equal(r.statusCode, 200, r.body);
    const c = await connect();
    await c.uploadFrom(Readable.from([clips.ok]), 'Videos/ftp.mp4');
    assert.deepEqual((await videos()).map((v) => v.nome).sort(), ['fonte.mp4', 'ftp.mp4', 'novo.mp4']);
    const before = await jobs();
    const d = await call('POST', '/api/downloadyoutube', { url: `http://${peer}/video.mp4`, id_pasta: folderId });
    assert.equal(d.statusCode, 200, d.body);
    const conv = await call('POST', '/api/conversion/convert', { video_id: video.id, quality: 'baixa' });
    assert.equal(conv.statusCode, 200, conv.body);
    assert.equal(await jobs(), before + 2);
    const disco = (await call('GET', '/api/dashboard/overview')).json().recursos.disco;
    assert.deepEqual([disco.abaixo_do_minimo, disco.minimo_livre_mb], [false, 0]);
  });
});
