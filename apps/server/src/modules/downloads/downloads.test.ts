import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { YOUTUBE_HOST, errorText, msg, type DownloadStatus, type RecentDownload, type ValidateLinkResponse, type Video } from '@painel/contract';
import { bearerHeader } from '../../testing/harness.ts';
import { newFolder, tree } from '../../testing/library.ts';
import { eventually, startLiveStack, type LiveStack } from '../../testing/live.ts';

/**
 * Download from a link with the real yt-dlp, from a web server of the test's own on loopback
 * (declared in OUTBOUND_ALLOW, as an operator declares a peer): a page describing a clip the
 * way video sites do (JSON-LD: title, channel, duration, thumbnail), the clip served at full
 * speed, throttled, or stalled half-way.
 */
// real media, the same on either database: run once, in the SQLite phase
describe('downloads: a video from a link into the library', { skip: process.env.TEST_PG_ADMIN_URL ? 'coberto na execução com SQLite' : false }, () => {
  let s: LiveStack;
  let dir: string;
  let server: http.Server;
  let undeclared: http.Server;
  let base: string;
  let clip: Buffer;
  /** Throttled transfers sent to the end. */
  let served = 0;
  /** 'gate' transfers wait half-way for this to be opened. */
  let openGate = () => {};
  let gate = Promise.resolve();
  let spyLog: string;
  type Who = { id: number; usuario: string; token: string };
  let a: Who;
  let b: Who;
  let folder: number;

  const api = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    s.h.app.inject({ method, url, headers: bearerHeader(who.token), ...(payload ? { payload } : {}) });
  const status = async (who: Who) => (await api(who, 'GET', '/api/downloadyoutube/status')).json<DownloadStatus>();
  const db = () => s.h.core.store.db;
  const jobsOf = (who: Who) => db().selectFrom('jobs').selectAll().where('user_id', '=', who.id).where('kind', '=', 'download').execute();
  const spawned = () => (fs.existsSync(spyLog) ? fs.readFileSync(spyLog, 'utf8').split('\n').filter(Boolean).length : 0);
  const jobsDir = () => tree(path.join(s.h.core.library.storage.root, '.jobs'));
  const ended = (who: Who) => eventually(async () => {
    const st = await status(who);
    return !st.downloading && st;
  }, 60_000, 'download terminado');

  function page(title: string, media: string): string {
    const ld = { '@context': 'https://schema.org', '@type': 'VideoObject', name: title, duration: 'PT6S', uploadDate: '2024-05-01',
      thumbnailUrl: `${base}/thumb.jpg`, contentUrl: media, author: { '@type': 'Person', name: 'Canal Teste' } };
    return `<!doctype html><html><head><title>${title}</title><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body></body></html>`;
  }

  /**
   * full speed; 'slow' at ~300 KB/s; 'trickle' at ~150 KB/s (the quota test: its 1 MB plan fills some
   * 3 s before the clip's end, room for a loaded machine); 'stall' sends a third and then holds the line open.
   */
  async function serveClip(res: http.ServerResponse, mode: string) {
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.length });
    if (mode === 'fast') return void res.end(clip);
    const step = 32 * 1024;
    let gone = false;
    res.once('close', () => (gone = true));
    for (let at = 0; at < clip.length; at += step) {
      if (gone) return;
      if (mode === 'stall' && at > clip.length / 3) return; // the connection stays open until the client goes
      if (mode === 'gate' && at > clip.length / 3) await gate;
      res.write(clip.subarray(at, at + step));
      await sleep(mode === 'trickle' ? 200 : 100);
    }
    res.end();
    served += 1;
  }

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-downloads-'));
    const file = path.join(dir, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=6', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-b:v', '2000k', '-minrate', '2000k', '-maxrate', '2000k', '-bufsize', '1000k',
      '-x264-params', 'nal-hrd=cbr', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', file]);
    clip = fs.readFileSync(file);
    assert.ok(clip.length > 1.2 * 1024 * 1024, `clipe de ${clip.length} bytes`);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=1:duration=1', '-frames:v', '1', path.join(dir, 'thumb.jpg')]);
    const thumb = fs.readFileSync(path.join(dir, 'thumb.jpg'));
    server = http.createServer((req, res) => {
      const u = req.url ?? '/';
      const m = /^\/(fast|slow|trickle|stall|gate)\.html$/.exec(u);
      if (m) return void res.writeHead(200, { 'content-type': 'text/html' }).end(page(m[1] === 'fast' ? 'Clipe de teste' : `Clipe ${m[1]}`, `${base}/${m[1]}.mp4`));
      if (u === '/elsewhere.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end(page('Outro lugar', `${elsewhere}/x.mp4`));
      const c = /^\/(fast|slow|trickle|stall|gate)\.mp4$/.exec(u);
      if (c) return void serveClip(res, c[1]!);
      if (u === '/thumb.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(thumb);
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    // a peer nobody declared, on loopback: the page may point there, the panel must not download from it
    undeclared = http.createServer((_req, res) => void serveClip(res, 'fast'));
    await new Promise<void>((r) => undeclared.listen(0, '127.0.0.1', r));
    const elsewhere = `http://127.0.0.1:${(undeclared.address() as { port: number }).port}`;
    const port = (server.address() as { port: number }).port;
    base = `http://127.0.0.1:${port}`;
    // the real yt-dlp behind a wrapper that notes each start, so "no process started" is seen, not assumed
    spyLog = path.join(dir, 'spawned.log');
    const spy = path.join(dir, 'yt-dlp-spy');
    fs.writeFileSync(spy, `#!/bin/sh\necho "$$" >> '${spyLog}'\nexec yt-dlp "$@"\n`, { mode: 0o755 });
    s = await startLiveStack({ env: { OUTBOUND_ALLOW: `127.0.0.1:${port}`, YTDLP_PATH: spy, DOWNLOAD_PROBE_SECONDS: '120' }, worker: { jobs: { tickMs: 200 } } });
    const login = async (espaco?: number): Promise<Who> => {
      const acc = await s.h.createAccount(espaco ? { espaco } : {});
      return { ...acc, token: await s.h.login(acc.email, acc.password) };
    };
    a = await login();
    b = await login();
    folder = await newFolder(s.h, a.token, 'Baixados');
  });
  after(async () => {
    for (const srv of [server, undeclared]) {
      srv?.closeAllConnections();
      srv?.close();
    }
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('links that are not a video-platform link or a declared peer are refused before any process starts', async () => {
    const before = spawned();
    const t0 = Date.now();
    const notYoutube = msg.downloadNotYoutube(YOUTUBE_HOST);
    for (const [url, reason] of [
      ['https://vimeo.com/123456789', notYoutube], [`http://127.0.0.1:${Number(new URL(base).port) + 1}/x.mp4`, notYoutube],
      ['http://[::1]/', notYoutube], ['http://2130706433/', notYoutube], ['http://169.254.169.254/latest/meta-data/', notYoutube],
      ['http://10.0.0.1/', notYoutube], ['file:///etc/passwd', notYoutube], ['concat:a|b', notYoutube],
      [`http://localhost:${new URL(base).port}/fast.html`, notYoutube], ['não é um link', msg.downloadUrlInvalidShort],
      ['https://www.youtube.com/playlist?list=PL0123456789', notYoutube],
    ] as const) {
      const v = await api(a, 'POST', '/api/downloadyoutube/validate', { url });
      assert.equal(v.statusCode, 200, url);
      assert.deepEqual(v.json(), { success: true, valid: false, message: reason, video_info: null }, url);
      const start = await api(a, 'POST', '/api/downloadyoutube', { url, id_pasta: folder });
      assert.equal(start.statusCode, 400, url);
      assert.equal(start.json().error, reason, url);
    }
    console.log(`# recusas em ${Date.now() - t0} ms`);
    assert.equal(spawned(), before, 'nenhum yt-dlp foi iniciado');
    assert.deepEqual(await jobsOf(a), []);
    const missing = await api(a, 'POST', '/api/downloadyoutube', { url: `${base}/fast.html` });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().error, msg.downloadFieldsRequired);
    // another account's folder is no destination
    const foreign = await api(b, 'POST', '/api/downloadyoutube', { url: `${base}/fast.html`, id_pasta: folder });
    assert.equal(foreign.statusCode, 404);
    assert.deepEqual(await jobsOf(b), []);
  });

  test('validate reads the real facts of the link: title, channel, duration, thumbnail', async () => {
    const v = await api(a, 'POST', '/api/downloadyoutube/validate', { url: `${base}/fast.html` });
    const body = v.json<ValidateLinkResponse>();
    assert.equal(body.valid, true, v.body);
    assert.equal(body.message, msg.downloadValidUrl);
    assert.equal(body.video_info?.title, 'Clipe de teste');
    assert.equal(body.video_info?.uploader, 'Canal Teste');
    assert.equal(body.video_info?.duration, 6);
    // handed over inline: the panel's pages load no image from other sites
    assert.match(body.video_info?.thumbnail ?? '', /^data:image\/jpeg;base64,\/9j\//);
    const info = await api(a, 'POST', '/api/downloadyoutube/info', { url: `${base}/fast.html` });
    assert.equal(info.json().video_info.title, 'Clipe de teste');
    const gone = await api(a, 'POST', '/api/downloadyoutube/validate', { url: `${base}/nada.mp4` });
    assert.equal(gone.json().valid, false);
    assert.match(gone.json().message, /^(URL inválida ou vídeo não acessível|O vídeo não está disponível)/);
  });

  test('download: progress moves, one at a time, the video lands probed in the folder and in Recentes', { timeout: 180_000 }, async () => {
    const start = await api(a, 'POST', '/api/downloadyoutube', { url: `${base}/slow.html`, id_pasta: folder, quality: 'best[height<=1080]', format: 'mp4' });
    assert.equal(start.statusCode, 200, start.body);
    assert.equal(start.json().message, msg.downloadStarted);
    const busy = await api(a, 'POST', '/api/downloadyoutube', { url: `${base}/fast.html`, id_pasta: folder });
    assert.equal(busy.statusCode, 409);
    assert.equal(busy.json().error, msg.downloadBusy);
    assert.equal((await jobsOf(a)).length, 1, 'nada foi enfileirado');
    // another account sees nothing of it and cannot stop it
    assert.equal((await status(b)).id, null);
    assert.equal((await api(b, 'POST', '/api/downloadyoutube/cancel')).statusCode, 404);

    const seen: number[] = [];
    let st = await status(a);
    while (st.downloading) {
      assert.equal(st.id, start.json().id);
      if (st.status === 'downloading' && st.progress > 0) seen.push(st.progress);
      await sleep(150);
      st = await status(a);
    }
    assert.equal(st.status, 'completed', JSON.stringify(st));
    const mid = [...new Set(seen)].filter((p) => p > 0 && p < 100);
    assert.ok(mid.length >= 2, `progresso observado: ${seen.join(',')}`);
    assert.deepEqual(seen, [...seen].sort((x, y) => x - y), 'o progresso só cresce');
    assert.equal(st.progress, 100);
    assert.equal(st.video_title, 'Clipe slow');
    assert.equal(st.filename, 'Clipe slow.mp4');
    assert.equal(st.final_size, clip.length);

    const videos = (await api(a, 'GET', `/api/videos?folder_id=${folder}`)).json<Video[]>();
    const v = videos.find((x) => x.nome === 'Clipe slow.mp4');
    assert.ok(v, JSON.stringify(videos.map((x) => x.nome)));
    assert.equal(v.duracao, 6);
    assert.equal(v.codec_video, 'h264');
    assert.equal(v.compatibility_status, 'compatible');
    const recent = (await api(a, 'GET', '/api/downloadyoutube/recent')).json<{ downloads: RecentDownload[] }>().downloads;
    assert.deepEqual(recent.map((r) => [r.id, r.nome, r.duracao, r.pasta]), [[v.id, 'Clipe slow.mp4', 6, 'Baixados']]);
    assert.ok(recent[0]!.tamanho_mb > 1);
    assert.deepEqual((await api(b, 'GET', '/api/downloadyoutube/recent')).json().downloads, []);
    assert.deepEqual(jobsDir(), []);
  });

  test('cancel stops yt-dlp mid-way and leaves no file, no video and no job', { timeout: 180_000 }, async () => {
    const storage = s.h.core.library.storage;
    const files = tree(storage.accountDir(a.usuario));
    const videos = (await api(a, 'GET', `/api/videos?folder_id=${folder}`)).json<Video[]>().length;
    assert.equal((await api(a, 'POST', '/api/downloadyoutube', { url: `${base}/stall.html`, id_pasta: folder })).statusCode, 200);
    const mid = await eventually(async () => {
      const st = await status(a);
      return st.downloading && st.progress > 0 && st;
    }, 30_000, 'download a meio caminho');
    assert.equal(mid.status, 'downloading');
    const pid = (await jobsOf(a)).find((j) => j.state === 'running')?.pid;
    assert.ok(pid, 'o yt-dlp do download está registrado');
    assert.equal((await api(b, 'POST', '/api/downloadyoutube/cancel')).statusCode, 404);
    assert.equal((await status(a)).downloading, true, 'B não interrompeu o download de A');

    const cancel = await api(a, 'POST', '/api/downloadyoutube/cancel');
    assert.equal(cancel.statusCode, 200);
    assert.equal(cancel.json().message, msg.downloadCanceled);
    assert.equal((await status(a)).downloading, false, 'o status deixa de estar ativo na hora');
    await eventually(async () => (await jobsOf(a)).every((j) => j.state === 'done'), 10_000, 'tarefa cancelada removida');
    assert.throws(() => process.kill(pid, 0), 'o processo do yt-dlp terminou');
    assert.deepEqual(tree(storage.accountDir(a.usuario)), files);
    assert.deepEqual(jobsDir(), []);
    assert.equal((await api(a, 'GET', `/api/videos?folder_id=${folder}`)).json<Video[]>().length, videos);
    const st = await status(a);
    assert.equal(st.downloading, false);
    assert.notEqual(st.status, 'downloading');
    assert.equal((await api(a, 'POST', '/api/downloadyoutube/cancel')).json().error, errorText('download_nothing_active'));
  });

  test('the folder deleted while the video arrives: the job fails with a clear message and leaves nothing', { timeout: 180_000 }, async () => {
    gate = new Promise((r) => (openGate = r));
    const doomed = await newFolder(s.h, a.token, 'Temporária');
    assert.equal((await api(a, 'POST', '/api/downloadyoutube', { url: `${base}/gate.html`, id_pasta: doomed })).statusCode, 200);
    await eventually(async () => {
      const st = await status(a);
      return st.downloading && st.progress > 0;
    }, 30_000, 'download a meio caminho');
    assert.equal((await api(a, 'DELETE', `/api/folders/${doomed}`)).statusCode, 200);
    openGate();
    const st = await ended(a);
    assert.equal(st.status, 'error');
    assert.equal(st.error, errorText('download_folder_gone'));
    assert.ok(!tree(s.h.core.library.storage.accountDir(a.usuario)).some((f) => f.startsWith('Temporária')));
    assert.deepEqual(jobsDir(), []);
  });

  test('a plan without room: the job stops with the quota message and leaves nothing', { timeout: 180_000 }, async () => {
    const acc = await s.h.createAccount({ espaco: 1 });
    const c: Who = { ...acc, token: await s.h.login(acc.email, acc.password) };
    const f = await newFolder(s.h, c.token, 'Pequena');
    const full = served;
    assert.equal((await api(c, 'POST', '/api/downloadyoutube', { url: `${base}/trickle.html`, id_pasta: f })).statusCode, 200);
    const st = await ended(c);
    assert.equal(st.status, 'error');
    assert.equal(st.error, errorText('job_quota_exceeded', { limitMb: 1 }));
    // stopped while the bytes arrived, not after the whole file was in
    assert.equal(served, full);
    assert.deepEqual(tree(s.h.core.library.storage.accountDir(c.usuario)), ['Pequena']);
    assert.deepEqual((await api(c, 'GET', `/api/videos?folder_id=${f}`)).json(), []);
    assert.deepEqual(await db().selectFrom('upload_reservations').selectAll().where('user_id', '=', c.id).execute(), []);
    assert.deepEqual(jobsDir(), []);
  });

  test('media the page points at on an undeclared private address is not downloaded', { timeout: 180_000 }, async () => {
    const videos = (await api(a, 'GET', `/api/videos?folder_id=${folder}`)).json<Video[]>().length;
    assert.equal((await api(a, 'POST', '/api/downloadyoutube', { url: `${base}/elsewhere.html`, id_pasta: folder })).statusCode, 200);
    const st = await ended(a);
    assert.equal(st.status, 'error');
    assert.equal(st.error, errorText('outbound_private', { host: '127.0.0.1' }));
    assert.equal((await api(a, 'GET', `/api/videos?folder_id=${folder}`)).json<Video[]>().length, videos);
    assert.deepEqual(jobsDir(), []);
  });
});
