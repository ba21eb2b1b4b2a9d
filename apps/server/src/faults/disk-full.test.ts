import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { Client, FTPError } from 'basic-ftp';
import { errorText, msg, type DashboardOverview, type RecordingsResponse, type Video } from '@painel/contract';
import { testStreamArgs } from '@painel/media/test-stream';
import { encodeClip } from '../testing/clip-cache.ts';
import { makeClips, multipart, type Clips } from '../testing/library.ts';
import { eventually } from '../testing/live.ts';
import { startStack, type Stack } from '../testing/product.ts';
import { playable, probeDuration, videoFile } from '../testing/recorded.ts';

const MB = 1024 * 1024;
/** The data directory's whole disk: small enough to fill in a moment, big enough for the panel's own files. */
const DISK_MB = 64;
const DISK_FULL = errorText('disk_full');
/** The most a recorder's MP4 fragment holds: the one it was writing when the disk filled is cut off. */
const FRAGMENT_S = 2;

interface Who { usuario: string; token: string; folderId: number; ftpPassword: string }
type Answer = { status: number; body: Record<string, unknown> | null };

/**
 * The whole product as `./painel start` runs it (API, supervised worker, nginx) with DATA_DIR on
 * a tmpfs of DISK_MB, two accounts with a video each (`a` is the one whose writes meet the full
 * disk, `b` must never be touched), and the helpers the tests share. Registers its own
 * before/after in the calling describe; everything it starts or mounts goes in after().
 */
function onSmallDisk(env: Record<string, string>) {
  const t = {
    stack: undefined as unknown as Stack,
    dataDir: '',
    clips: undefined as unknown as Clips,
    /** ~4 MB: more than the room left when the disk is filled around a write. */
    large: Buffer.alloc(0),
    /** 12 s at ~2500 kbps: its conversion ('baixa', 800 kbps) writes ~1.2 MB. */
    toConvert: Buffer.alloc(0),
    /** The page of a link to download; `slow`: its clip comes at ~2 MB/s. */
    link: (slow = false) => `${origin}/${slow ? 'lento' : 'video'}.html`,
    a: undefined as unknown as Who,
    b: undefined as unknown as Who,
    aVideo: undefined as unknown as Video,
    bVideo: undefined as unknown as Video,
    publishers: new Set<ChildProcess>(),
    recovered: [] as string[],
    /** What the user saw meanwhile, for the log line. */
    notes: [] as string[],
  };
  let dir = '';
  let server: http.Server | undefined;
  let origin = '';
  let mounted = false;
  const filler = () => path.join(t.dataDir, 'enchimento.bin');

  const freeBytes = async () => {
    const st = await fsp.statfs(t.dataDir);
    return Number(st.bavail) * Number(st.bsize);
  };
  /** Takes all the free space but `leave` bytes, as another program would (what the panel writes meanwhile takes from those). */
  async function fill(leave = 0): Promise<void> {
    const fh = await fsp.open(filler(), 'a');
    try {
      const chunk = Buffer.alloc(MB);
      for (;;) {
        const room = (await freeBytes()) - leave;
        if (room <= 0) break;
        await fh.write(chunk, 0, Math.min(chunk.length, room)).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOSPC') throw e;
        });
        if (room <= chunk.length) break;
      }
    } finally {
      await fh.close();
    }
  }
  const free = () => fsp.rm(filler(), { force: true });

  const api = async (who: Who, method: string, url: string, body?: object): Promise<Answer> => {
    const r = await fetch(`${t.stack.baseUrl}${url}`, {
      method, headers: { authorization: `Bearer ${who.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: r.status, body: (await r.json().catch(() => null)) as Record<string, unknown> | null };
  };
  /** The multipart upload of the videos page, over a real connection. */
  function upload(who: Who, name: string, content: Buffer, onPiece?: () => Promise<void>): Promise<Answer | 'cut'> {
    const body = multipart(name, content);
    return new Promise((resolve) => {
      const req = http.request(`${t.stack.baseUrl}/api/videos/upload?folder_id=${who.folderId}`, {
        method: 'POST', headers: { authorization: `Bearer ${who.token}`, 'content-type': body.contentType, 'content-length': body.payload.length },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || 'null') as Record<string, unknown> | null }));
        res.on('error', () => resolve('cut'));
      });
      req.on('error', () => resolve('cut'));
      // as a browser sends it: piece by piece, as fast as the server reads
      void (async () => {
        for (let i = 0; i < body.payload.length && !req.destroyed; i += 64 * 1024) {
          await onPiece?.();
          if (req.write(body.payload.subarray(i, i + 64 * 1024))) continue;
          await new Promise<void>((r) => {
            const go = () => {
              req.off('drain', go).off('close', go);
              r();
            };
            req.on('drain', go).on('close', go);
          });
        }
        req.end();
      })();
    });
  }
  const videos = async (who: Who) => (await api(who, 'GET', `/api/videos?folder_id=${who.folderId}`)).body as unknown as Video[];

  /** The panel's database, read beside the running processes (WAL: readers do not block them). */
  function sql<T>(query: string, ...params: unknown[]): T[] {
    const db = new Database(path.join(t.dataDir, 'painel.db'), { readonly: true, fileMustExist: true });
    try {
      return db.prepare(query).all(...params) as T[];
    } finally {
      db.close();
    }
  }
  const reservations = () => sql<{ id: number }>('SELECT id FROM upload_reservations').length;
  /** What is left under storage/.incoming and storage/.jobs (temp files, job directories). */
  const staged = () => ['.incoming', '.jobs'].flatMap((d) => {
    const p = path.join(t.dataDir, 'storage', d);
    return fs.existsSync(p) ? fs.readdirSync(p, { recursive: true }).map((f) => `${d}/${String(f)}`) : [];
  });
  /** Files of an account's library on disk. */
  const libraryFiles = (who: Who) => {
    const p = path.join(t.dataDir, 'storage', who.usuario);
    return fs.existsSync(p) ? fs.readdirSync(p, { recursive: true }).map(String).filter((f) => f.includes('/')) : [];
  };

  /** Nothing of the failed write stays (temp file, job directory, reservation); the other account is as it was. */
  async function assertClean(who: Who, files: number) {
    await eventually(async () => staged().length === 0 && reservations() === 0, 10_000, 'nada em .incoming/.jobs, nenhuma reserva')
      .catch((e: Error) => assert.fail(`${e.message}: ${staged().join(', ')}; reservas ${reservations()}`));
    assert.equal(libraryFiles(who).length, files, libraryFiles(who).join(', '));
    const others = await videos(t.b);
    assert.deepEqual(others.map((v) => [v.id, v.tamanho]), [[t.bVideo.id, t.bVideo.tamanho]]);
    assert.equal(libraryFiles(t.b).length, 1);
  }

  /** Frees the disk and measures how long until `works` succeeds. */
  async function recovery(name: string, works: () => Promise<boolean>): Promise<number> {
    await free();
    const t0 = Date.now();
    await eventually(async () => (await works()) || undefined, 30_000, `${name} volta a funcionar`);
    const s = (Date.now() - t0) / 1000;
    t.recovered.push(`${name} ${s.toFixed(1)} s`);
    return s;
  }

  /** The account's latest job of a kind (newer than `after`), once it ended. */
  const ended = (who: Who, kind: string, after = 0) => eventually(async () => {
    const j = sql<{ id: number; state: string; error: string | null; error_code: string | null }>(
      'SELECT j.id, j.state, j.error, j.error_code FROM jobs j JOIN accounts c ON c.id = j.user_id WHERE c.usuario = ? AND j.kind = ? ORDER BY j.id DESC LIMIT 1',
      who.usuario, kind,
    )[0];
    return j && j.id > after && (j.state === 'done' || j.state === 'failed') && j;
  }, 60_000, `tarefa ${kind} terminada`);

  async function login(email: string, password: string): Promise<Answer> {
    const r = await fetch(`${t.stack.baseUrl}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }),
    });
    return { status: r.status, body: (await r.json().catch(() => null)) as Record<string, unknown> | null };
  }
  const accounts: { email: string; password: string }[] = [];
  async function account(nome: string): Promise<Who> {
    const acc = await t.stack.addAccount();
    accounts.push(acc);
    const token = (await login(acc.email, acc.password)).body!.token as string;
    const who: Who = { usuario: acc.usuario, token, folderId: 0, ftpPassword: '' };
    who.folderId = (await api(who, 'POST', '/api/folders', { nome })).body!.id as number;
    who.ftpPassword = ((await api(who, 'GET', '/api/dados-conexao')).body!.ftp as { senha: string }).senha;
    return who;
  }

  before(async () => {
    t.clips = makeClips();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-disco-'));
    const cbr = (kbps: number) => ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-b:v', `${kbps}k`, '-minrate', `${kbps}k`,
      '-maxrate', `${kbps}k`, '-bufsize', `${kbps}k`, '-x264-params', 'nal-hrd=cbr', '-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart'];
    encodeClip(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=8', '-f', 'lavfi', '-i', 'sine=duration=8', ...cbr(4000)], path.join(dir, 'large.mp4'));
    encodeClip(['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=12', '-f', 'lavfi', '-i', 'sine=duration=12', ...cbr(2500)], path.join(dir, 'convert.mp4'));
    t.large = fs.readFileSync(path.join(dir, 'large.mp4'));
    t.toConvert = fs.readFileSync(path.join(dir, 'convert.mp4'));
    t.dataDir = path.join(dir, 'data');
    fs.mkdirSync(t.dataDir);
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m,mode=0700`, 'tmpfs', t.dataDir]);
    mounted = true;
    // the links the download job fetches: a page describing the clip, as video sites do
    server = http.createServer((req, res) => {
      if (req.url?.startsWith('/clip.mp4')) {
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': t.large.length });
        if (!req.url.includes('lento')) return void res.end(t.large);
        let gone = false;
        res.once('close', () => (gone = true));
        void (async () => {
          for (let at = 0; at < t.large.length && !gone; at += 200 * 1024) {
            res.write(t.large.subarray(at, at + 200 * 1024));
            await new Promise((r) => setTimeout(r, 100));
          }
          res.end();
        })();
        return;
      }
      const media = `${origin}/clip.mp4${req.url === '/lento.html' ? '?lento' : ''}`;
      const ld = { '@context': 'https://schema.org', '@type': 'VideoObject', name: 'Clipe', duration: 'PT8S', contentUrl: media };
      res.writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><html><head><title>Clipe</title><script type="application/ld+json">${JSON.stringify(ld)}</script></head></html>`);
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const pasv = 40000 + Math.floor(Math.random() * 400) * 50;
    t.stack = await startStack({
      DATA_DIR: t.dataDir, OUTBOUND_ALLOW: origin.slice('http://'.length), FTP_PASV_MIN: String(pasv), FTP_PASV_MAX: String(pasv + 49), ...env,
    });
    t.a = await account('Aulas');
    t.b = await account('Outra');
    const up = async (who: Who, content: Buffer) => {
      const r = await upload(who, 'antes.mp4', content);
      assert.ok(r !== 'cut' && r.status === 200, JSON.stringify(r));
      return (r.body as { video: Video }).video;
    };
    t.bVideo = await up(t.b, t.clips.ok);
    t.aVideo = await up(t.a, t.toConvert);
  });
  after(async () => {
    for (const p of t.publishers) p.kill('SIGKILL');
    await t.stack?.stop().catch(() => undefined);
    server?.closeAllConnections();
    server?.close();
    if (mounted) execFileSync('umount', ['-l', t.dataDir]);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    t.clips?.close();
  });

  return { t, fill, free, api, upload, videos, sql, reservations, libraryFiles, assertClean, recovery, ended, login, accounts };
}

/**
 * Fault: the data directory's disk fills up. DATA_DIR is a size-limited tmpfs holding
 * everything the product keeps there (the SQLite database, HLS, the library, the jobs'
 * directories); a file of the test's own takes what is free, as another program (or a
 * runaway log) would. Each writer of the panel — an HTTP upload, an FTP upload, a conversion,
 * a download from a link, nginx writing HLS while OBS is live — must fail with `disk_full`
 * (507, in Portuguese), leave nothing of what it was writing, touch nothing of another
 * account, keep the database intact, and work again as soon as space is freed, without a
 * restart. The whole product runs as `./painel start` runs it (API, supervised worker, nginx).
 * A recording (modules/recordings/) is the one writer that keeps what it wrote: its recorder meets
 * the full disk and ends while the live goes on; the database cannot write either, so once space
 * is freed the recording says why it stopped (`disk_full`, in its list and the account's activity),
 * is not taken up again, and what was written before the disk filled goes into 'Gravações' as an
 * MP4 that plays to its end.
 */
describe('fault: the data directory disk is full', () => {
  // MIN_FREE_MB off: nothing of the panel's own stops a write early, every writer meets the full disk itself
  const d = onSmallDisk({ MIN_FREE_MB: '0' });
  const { t } = d;
  let a: Who;
  before(() => {
    a = t.a;
  });
  after(() => console.log(`FALHA disco-cheio: recuperado em ${[...t.recovered, ...t.notes].join('; ')}`));

  test('the disk fills during an HTTP upload: 507 disk_full, nothing kept; works again once space is freed', async () => {
    const files = d.libraryFiles(a).length;
    try {
      await d.fill(MB); // room for the database, not for the file: the disk fills a quarter of the way through it
      const r = await d.upload(a, 'grande.mp4', t.large);
      assert.notEqual(r, 'cut');
      if (r === 'cut') return;
      assert.equal(r.status, 507, JSON.stringify(r.body));
      assert.deepEqual([r.body?.code, r.body?.error], ['disk_full', DISK_FULL]);
      await d.assertClean(a, files);
      // one that starts on the full disk fails before a byte is kept (its reservation cannot be written): the same answer
      await d.fill(0);
      const early = await d.upload(a, 'pequeno.mp4', t.clips.ok);
      assert.ok(early !== 'cut' && early.status === 507 && early.body?.code === 'disk_full', JSON.stringify(early));
      await d.recovery('envio HTTP', async () => {
        const ok = await d.upload(a, 'grande.mp4', t.large);
        return ok !== 'cut' && ok.status === 200;
      });
      await d.assertClean(a, files + 1);
    } finally {
      await d.free();
    }
  });

  test('the disk fills during an FTP upload: 550 with the disk_full message, nothing kept; works again once space is freed', async () => {
    const files = d.libraryFiles(a).length;
    const c = new Client(15_000);
    try {
      await c.access({ host: '127.0.0.1', port: Number(t.stack.env.FTP_PORT), user: a.usuario, password: a.ftpPassword });
      // the client sends a first piece, the disk fills (the upload has its reservation by then), then
      // the rest: less than one batch of the server's writes, so the whole file is sent before the
      // write meets the full disk and the client reads the refusal
      const body = t.clips.big.subarray(0, 900 * 1024);
      const piece = 64 * 1024;
      const source = Readable.from((async function* () {
        yield body.subarray(0, piece);
        await eventually(async () => d.reservations() > 0, 10_000, 'reserva do envio FTP');
        await d.fill(256 * 1024);
        for (let at = piece; at < body.length; at += piece) yield body.subarray(at, at + piece);
      })());
      const refused = await c.uploadFrom(source, 'Aulas/ftp.mp4').then(() => null, (e: unknown) => e);
      assert.ok(refused instanceof FTPError, String(refused));
      assert.equal(refused.code, 550);
      assert.equal(refused.message.replace(/^550 /, ''), DISK_FULL);
      await d.assertClean(a, files);
      // a STOR that starts on the full disk fails before reading a byte (its reservation cannot be
      // written): the same refusal, and the API process goes on (the session below is the same one)
      await d.fill(0);
      const early = await c.uploadFrom(Readable.from([t.clips.ok]), 'Aulas/ftp.mp4').then(() => null, (e: unknown) => e);
      assert.ok(early instanceof FTPError, String(early));
      assert.equal(early.message.replace(/^550 /, ''), DISK_FULL);
      await d.recovery('envio FTP', () => c.uploadFrom(Readable.from([t.clips.ok]), 'Aulas/ftp.mp4').then(() => true, () => false));
      await d.assertClean(a, files + 1);
    } finally {
      c.close();
      await d.free();
    }
  });

  test('the disk fills during a conversion: disk_full, the original untouched, the partial file gone; works again once freed', async () => {
    const files = d.libraryFiles(a).length;
    try {
      await d.fill(512 * 1024);
      const r = await d.api(a, 'POST', '/api/conversion/convert', { video_id: t.aVideo.id, quality: 'baixa' });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const job = await d.ended(a, 'conversion');
      assert.deepEqual([job.state, job.error_code, job.error], ['failed', 'disk_full', DISK_FULL]);
      const st = (await d.api(a, 'GET', `/api/conversion/status/${t.aVideo.id}`)).body!.conversion_status as { error: string };
      assert.equal(st.error, DISK_FULL);
      await d.assertClean(a, files);
      const original = (await d.videos(a)).find((v) => v.id === t.aVideo.id);
      assert.deepEqual([original?.tamanho, original?.url], [t.aVideo.tamanho, t.aVideo.url]);
      await d.recovery('conversão', async () => {
        const again = await d.api(a, 'POST', '/api/conversion/convert', { video_id: t.aVideo.id, quality: 'baixa' });
        return again.status === 200 && (await d.ended(a, 'conversion', job.id)).state === 'done';
      });
      await d.assertClean(a, files); // the converted file took the original's place
    } finally {
      await d.free();
    }
  });

  test('the disk fills during a download from a link: disk_full, nothing kept; works again once freed', async () => {
    const files = d.libraryFiles(a).length;
    try {
      await d.fill(MB);
      const r = await d.api(a, 'POST', '/api/downloadyoutube', { url: t.link(), id_pasta: a.folderId });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const job = await d.ended(a, 'download');
      assert.deepEqual([job.state, job.error_code, job.error], ['failed', 'disk_full', DISK_FULL]);
      assert.equal((await d.api(a, 'GET', '/api/downloadyoutube/status')).body!.error, DISK_FULL);
      await d.assertClean(a, files);
      await d.recovery('download', async () => {
        const again = await d.api(a, 'POST', '/api/downloadyoutube', { url: t.link(), id_pasta: a.folderId });
        return again.status === 200 && (await d.ended(a, 'download', job.id)).state === 'done';
      });
      await d.assertClean(a, files + 1);
    } finally {
      await d.free();
    }
  });

  test('the database on a full disk: changes are refused, nothing half-done; intact and writable once space is freed', async () => {
    try {
      await d.fill(0);
      // writes until one needs a page the disk no longer has (the WAL grows, or a checkpoint cannot)
      let refused: Answer | null = null;
      const made: string[] = [];
      for (let i = 0; i < 200 && !refused; i++) {
        const nome = `Pasta ${i} ${'x'.repeat(40)}`;
        const r = await d.api(a, 'POST', '/api/folders', { nome });
        if (r.status === 200) made.push(nome);
        else refused = r;
      }
      assert.ok(refused, 'uma escrita deveria ter sido recusada com o disco cheio');
      assert.equal(refused.status, 507, JSON.stringify(refused));
      assert.equal(refused.body?.code, 'disk_full');
      assert.equal(refused.body?.success, false);
      t.notes.push(`banco com o disco cheio: ${refused.status} ${String(refused.body?.code)}`);
      await d.recovery('banco de dados', async () => (await d.api(a, 'POST', '/api/folders', { nome: 'Depois' })).status === 200);
      assert.deepEqual(d.sql<{ integrity_check: string }>('PRAGMA integrity_check'), [{ integrity_check: 'ok' }]);
      // every folder the panel said it made is there, and the refused one is not
      const names = d.sql<{ nome: string }>('SELECT f.nome FROM folders f JOIN accounts c ON c.id = f.user_id WHERE c.usuario = ?', a.usuario).map((f) => f.nome);
      for (const nome of made) assert.ok(names.includes(nome), nome);
      assert.equal(names.length, made.length + 2); // 'Aulas' and 'Depois'
    } finally {
      await d.free();
    }
  });

  test('HLS while OBS is live and the disk fills: nginx goes on, the broadcast stays open and reaches RTMP, HLS resumes by itself', async () => {
    const rtmp = (await d.api(a, 'GET', '/api/dados-conexao')).body!.rtmp as { chave: string };
    const stream = `${a.usuario}_live`;
    const rtmpBase = `rtmp://127.0.0.1:${t.stack.env.RTMP_PORT}/live`;
    const obs = spawn('ffmpeg', testStreamArgs({ url: `${rtmpBase}/${rtmp.chave}`, videoKbps: 400, keyframeSeconds: 1 }), { stdio: ['ignore', 'ignore', 'ignore'] });
    t.publishers.add(obs);
    const playlist = path.join(t.dataDir, 'hls', `${stream}.m3u8`);
    const lastFragment = () => {
      const text = fs.existsSync(playlist) ? fs.readFileSync(playlist, 'utf8') : '';
      return text.trim().split('\n').filter((l) => l.endsWith('.ts')).pop() ?? null;
    };
    const nginx = () => d.sql<{ pid: number; restarts: number; state: string }>("SELECT pid, restarts, state FROM media_services WHERE name = 'nginx'")[0];
    /** What a restream (or any RTMP player on the node) gets: two seconds of the live, read from nginx. */
    const rtmpPlays = () => new Promise<boolean>((resolve) => {
      execFile('ffmpeg', ['-nostdin', '-v', 'error', '-rw_timeout', '5000000', '-i', `${rtmpBase}/${stream}`, '-t', '2', '-f', 'null', '-'], { timeout: 15_000 }, (e) => resolve(!e));
    });
    try {
      await eventually(async () => lastFragment(), 20_000, 'HLS no ar');
      const before = nginx();
      await d.fill(0);
      // the fault's effect: nginx can no longer write fragments, the playlist stops moving
      const stalled = await eventually(async () => {
        const st = fs.statSync(playlist);
        return Date.now() - st.mtimeMs > 5000 && lastFragment();
      }, 30_000, 'HLS parado com o disco cheio');
      assert.equal(obs.exitCode, null, 'o OBS segue conectado');
      assert.ok(await rtmpPlays(), 'a transmissão segue saindo por RTMP');
      const status = (await d.api(a, 'GET', '/api/streaming/status')).body!.obs_stream as { is_live: boolean };
      assert.equal(status.is_live, true);
      assert.deepEqual(nginx(), before, 'o nginx segue o mesmo processo, sem reinícios');
      // a new viewer still gets the playlist (not counted: the database cannot write its session)
      const during = await fetch(`${t.stack.baseUrl}/hls/${stream}.m3u8`);
      assert.equal(during.status, 200);
      await d.recovery('HLS', async () => lastFragment() !== stalled);
      const served = await fetch(`${t.stack.baseUrl}/hls/${stream}.m3u8`);
      assert.equal(served.status, 200);
      assert.ok((await served.text()).includes(lastFragment()!));
      assert.equal(obs.exitCode, null);
      assert.deepEqual(nginx(), before);
    } finally {
      obs.kill('SIGKILL');
      t.publishers.delete(obs);
      await d.free();
    }
  });

  test('the disk fills during a recording: it stops with disk_full and says so, the live goes on; once freed, what was written is a playable MP4', { timeout: 180_000 }, async () => {
    assert.equal((await d.api(a, 'PUT', '/api/gravacoes/config', { ativo: true })).status, 200);
    const rtmp = (await d.api(a, 'GET', '/api/dados-conexao')).body!.rtmp as { chave: string };
    const recordings = async () => (await d.api(a, 'GET', '/api/gravacoes')).body as unknown as RecordingsResponse;
    const obsStatus = async () => (await d.api(a, 'GET', '/api/streaming/status')).body!.obs_stream as { is_live: boolean; recording: boolean };
    const bBefore = (await d.videos(t.b)).map((v) => [v.id, v.tamanho]);
    // the account's earlier broadcast (the HLS test's) is over, its last fragment (named by the ms it
    // was opened) a second old: the recording begins with this broadcast's own first fragment
    const playlist = path.join(t.dataDir, 'hls', `${a.usuario}_live.m3u8`);
    await eventually(async () => {
      const last = fs.existsSync(playlist) ? fs.readFileSync(playlist, 'utf8').trim().split('\n').filter((l) => l.endsWith('.ts')).pop() : undefined;
      return !(await obsStatus()).is_live && Date.now() - Number(/-(\d+)\.ts$/.exec(last ?? '')?.[1] ?? 0) > 1000;
    }, 15_000, 'transmissão anterior encerrada');
    const obs = spawn('ffmpeg', testStreamArgs({ url: `rtmp://127.0.0.1:${t.stack.env.RTMP_PORT}/live/${rtmp.chave}`, videoKbps: 400, keyframeSeconds: 1 }), { stdio: ['ignore', 'ignore', 'ignore'] });
    t.publishers.add(obs);
    try {
      const onAirAt = await eventually(async () => (await obsStatus()).is_live && Date.now(), 20_000, 'OBS ao vivo');
      // a few fragments recorded before the disk fills
      const going = await eventually(async () => {
        const r = (await recordings()).gravacoes[0];
        return r?.estado === 'gravando' && r.tamanho > 300_000 && r;
      }, 30_000, 'gravação em curso');
      const recorder = d.sql<{ pid: number | null }>('SELECT p.pid FROM recordings r JOIN media_processes p ON p.id = r.process_id WHERE r.id = ?', going.id)[0]?.pid;
      assert.ok(recorder, 'o gravador não está no ar');
      // what the recorder has written when the disk fills: the file plays that far
      const writtenS = await probeDuration(path.join(t.dataDir, 'storage', '.recordings', String(going.id), 'current.mp4'));
      const filledAt = Date.now();
      await d.fill(0);
      // the recorder meets the full disk itself and ends; the live goes on: OBS still publishing, the status live
      await eventually(async () => !fs.existsSync(`/proc/${recorder}`), 20_000, 'gravador encerrado pelo disco cheio');
      const endedS = (Date.now() - filledAt) / 1000;
      assert.equal(obs.exitCode, null, 'o OBS foi desconectado');
      assert.equal((await obsStatus()).is_live, true);
      // with the disk full nothing can be written, the database neither: the recording says why it
      // stopped once there is room for it again, and is not taken up again (it stopped for good)
      await d.free();
      const freedAt = Date.now();
      let seen: unknown = null;
      const stopped = await eventually(async () => {
        const r = (seen = (await recordings()).gravacoes);
        return r.length === 1 && r[0]!.motivo_parada === 'disk_full' && r[0];
      }, 20_000, 'gravação parada pelo disco cheio').catch((e: Error) => assert.fail(`${e.message}: ${JSON.stringify(seen)}`));
      assert.equal(stopped.id, going.id);
      assert.deepEqual([stopped.codigo_aviso, stopped.aviso], ['recording_disk_full', errorText('recording_disk_full')]);
      const done = await eventually(async () => {
        const r = (seen = (await recordings()).gravacoes);
        return r.length === 1 && (r[0]!.estado === 'concluida' || r[0]!.estado === 'falhou') && r[0];
      }, 30_000, 'gravação concluída').catch((e: Error) => assert.fail(`${e.message}: ${JSON.stringify(seen)}`));
      const doneS = (Date.now() - freedAt) / 1000;
      t.recovered.push(`gravação ${doneS.toFixed(1)} s`);
      assert.equal(done.estado, 'concluida', JSON.stringify(done));
      assert.deepEqual([done.motivo_parada, done.codigo_aviso], ['disk_full', 'recording_disk_full']);
      // the account's activity (the dashboard's recent activity) says so
      const activity = ((await d.api(a, 'GET', '/api/dashboard/overview')).body as unknown as DashboardOverview).atividade_recente;
      const said = activity.find((x) => x.tipo === 'recording_disk_full');
      assert.ok(said, JSON.stringify(activity));
      assert.equal(said.descricao, msg.activityRecordingDiskFull);
      // what was written before the disk filled (but the fragment it was writing then), as one MP4 in
      // Gravações that decodes to its end; nothing after it
      assert.ok(done.video_id, JSON.stringify(done));
      const p = await playable(videoFile(t.dataDir, done.video_id));
      const beforeFullS = (filledAt - onAirAt) / 1000;
      t.notes.push(`gravação: gravador encerrado ${endedS.toFixed(1)} s depois de o disco encher, OBS no ar; MP4 de ${p.duration.toFixed(1)} s `
        + `(${writtenS.toFixed(1)} s gravados, ${beforeFullS.toFixed(1)} s no ar antes de encher), decodificado ${p.errors ? 'com erros' : 'sem erros'}`);
      assert.equal(p.errors, '', 'o MP4 não decodifica inteiro');
      assert.ok(p.duration >= writtenS - FRAGMENT_S && p.duration <= beforeFullS + 1,
        `duração ${p.duration} s, esperado de ${(writtenS - FRAGMENT_S).toFixed(1)} a ${(beforeFullS + 1).toFixed(1)} s`);
      // the live went on the whole time, unrecorded from the stop on; the other account has nothing of it
      assert.equal(obs.exitCode, null, 'o OBS foi desconectado');
      const live = await obsStatus();
      assert.deepEqual([live.is_live, live.recording], [true, false]);
      assert.deepEqual((await d.videos(t.b)).map((v) => [v.id, v.tamanho]), bBefore);
      assert.equal(d.libraryFiles(t.b).length, 1);
      assert.deepEqual(((await d.api(t.b, 'GET', '/api/gravacoes')).body as unknown as RecordingsResponse).gravacoes, []);
      assert.deepEqual(fs.readdirSync(path.join(t.dataDir, 'storage', '.recordings')), []);
    } finally {
      obs.kill('SIGKILL');
      t.publishers.delete(obs);
      await d.free();
      await d.api(a, 'PUT', '/api/gravacoes/config', { ativo: false });
    }
  });
});

/**
 * The reserve: with MIN_FREE_MB set, a writer already running stops with `disk_full` once the
 * disk's free space falls under min(MIN_FREE_MB, 64 MB), so the panel's own media never take
 * the last bytes — the database (logins, every change) and HLS keep working meanwhile.
 */
describe('fault: the disk nearly full, MIN_FREE_MB keeps a reserve for the database and HLS', () => {
  const RESERVE_MB = 8;
  const d = onSmallDisk({ MIN_FREE_MB: String(RESERVE_MB) });
  const { t } = d;
  let lowest = Infinity;
  let watching: NodeJS.Timeout | undefined;
  /** The lowest free space (MB) the disk has had since watchFree(). */
  const sample = () => {
    const st = fs.statfsSync(t.dataDir);
    lowest = Math.min(lowest, (Number(st.bavail) * Number(st.bsize)) / MB);
  };
  /** Watches the lowest free space the disk reaches, every 20 ms. */
  const watchFree = () => {
    lowest = Infinity;
    watching = setInterval(sample, 20);
  };
  after(() => clearInterval(watching));

  test('an upload that would take the reserve stops with disk_full; the database never meets a full disk', async () => {
    const files = d.libraryFiles(t.a).length;
    try {
      await d.fill((RESERVE_MB + 2) * MB); // above the minimum: the upload starts, and would end 2 MB under it
      watchFree();
      // sent at ~2 MB/s, the free space looked at between pieces: the server writes as it reads
      const r = await d.upload(t.a, 'grande.mp4', t.large, async () => {
        sample();
        await new Promise((ok) => setTimeout(ok, 30));
      });
      clearInterval(watching);
      assert.notEqual(r, 'cut');
      if (r === 'cut') return;
      assert.equal(r.status, 507, JSON.stringify(r.body));
      assert.deepEqual([r.body?.code, r.body?.error], ['disk_full', DISK_FULL]);
      // the upload did write (the disk went down) and stopped before the reserve was gone
      assert.ok(lowest < RESERVE_MB + 1.5 && lowest > RESERVE_MB - 2, `o disco chegou a ${lowest.toFixed(1)} MB livres`);
      await d.assertClean(t.a, files);
      // with the disk still near full, logins and changes go on
      const acc = d.accounts[1]!;
      assert.equal((await d.login(acc.email, acc.password)).status, 200);
      assert.equal((await d.api(t.b, 'POST', '/api/folders', { nome: 'Durante' })).status, 200);
      t.notes.push(`envio recusado a ${lowest.toFixed(1)} MB livres, banco gravando`);
    } finally {
      clearInterval(watching);
      await d.free();
    }
  });

  test('a download that would take the reserve stops with disk_full and leaves nothing', async () => {
    const files = d.libraryFiles(t.a).length;
    try {
      await d.fill((RESERVE_MB + 1) * MB);
      watchFree();
      const r = await d.api(t.a, 'POST', '/api/downloadyoutube', { url: t.link(true), id_pasta: t.a.folderId });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const job = await d.ended(t.a, 'download');
      clearInterval(watching);
      assert.deepEqual([job.state, job.error_code, job.error], ['failed', 'disk_full', DISK_FULL]);
      // the download did write and was stopped at the reserve (looked at every 500 ms, at ~2 MB/s)
      assert.ok(lowest < RESERVE_MB + 0.5 && lowest > RESERVE_MB - 3, `o disco chegou a ${lowest.toFixed(1)} MB livres`);
      await d.assertClean(t.a, files);
      t.notes.push(`download parado a ${lowest.toFixed(1)} MB livres`);
    } finally {
      clearInterval(watching);
      await d.free();
    }
  });

  after(() => console.log(`FALHA disco-quase-cheio: recuperado em 0 s (nada parou; reserva de ${RESERVE_MB} MB): ${t.notes.join('; ')}`));
});
