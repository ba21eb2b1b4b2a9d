import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { testStreamArgs } from '@painel/media/test-stream';
import { freePort } from '../platform/ports.ts';
import { formatZoned } from '../platform/zoned-time.ts';
import { makeChannelClip, multipart } from './library.ts';
import { eventually } from './live.ts';
import { processesWithEnv } from './processes.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
import { startStack, type Stack } from './product.ts';
import { startRtmpDestination, type RtmpDestination } from './rtmp-destination.ts';

interface Conexao {
  ftp: { host: string; usuario: string; senha: string; porta: number };
  rtmp: { servidor: string; chave: string; stream_name: string };
  hls_url: string;
}
interface Account { email: string; usuario: string; password: string; token: string }
interface Servidor { id: number; online: boolean; contas: number }

const KEY = 'chave-do-youtube-b';
const ADDRESSES = ['127.0.0.2', '127.0.0.3'] as const;

/**
 * Several media servers on one PostgreSQL, as an installation runs them: two whole products
 * (`./painel start`), NODE_ID 1 bound to 127.0.0.2 and NODE_ID 2 to 127.0.0.3 on the same ports,
 * the second joined with a copy of the first's `secrets/`. Account A lives on server 1, B on
 * server 2; everything is asked through server 1's API, as a panel behind one address would.
 */
describe('two servers on one PostgreSQL: addresses, broadcasts and files follow the account\'s server', {
  skip: process.env.TEST_PG_ADMIN_URL ? false : 'só com PostgreSQL (a execução com PostgreSQL do ./painel test)',
  timeout: 300_000,
}, () => {
  const stacks: Stack[] = [];
  const publishers: ChildProcess[] = [];
  const dirs: string[] = [];
  let scratch: ScratchDatabase | undefined;
  let dest: RtmpDestination;
  let ports: { http: number; rtmp: number; hls: number; ftp: number; pasv: number };
  let operator: Account;
  let a: Account;
  let b: Account;
  let clip: Buffer;

  const s1 = () => stacks[0]!;
  const s2 = () => stacks[1]!;
  const base = (i: 0 | 1) => `http://${ADDRESSES[i]}:${ports.http}`;
  const api = async <T>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: object, at: 0 | 1 = 0): Promise<{ status: number; body: T }> => {
    const r = await fetch(`${base(at)}${url}`, {
      method, redirect: 'manual',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await r.text();
    return { status: r.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as T };
  };
  const login = async (email: string, password: string): Promise<string> => {
    const r = await fetch(`${base(0)}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }),
    });
    const body = (await r.json()) as { token?: string };
    assert.ok(r.ok && body.token, `login de ${email}: ${r.status}`);
    return body.token;
  };
  const newAccount = async (servidor: number, tipo: 'streaming' | 'admin' = 'streaming'): Promise<Account> => {
    const usuario = `s${servidor}${randomBytes(4).toString('hex')}`;
    const acc = { email: `${usuario}@exemplo.com.br`, usuario, password: `Senha-${usuario}` };
    await s1().user('add', '--email', acc.email, '--password', acc.password, '--usuario', usuario, '--tipo', tipo,
      ...(tipo === 'streaming' ? ['--servidor', String(servidor), '--bitrate', '2500', '--espaco', '500'] : []));
    return { ...acc, token: await login(acc.email, acc.password) };
  };
  const conexao = async (acc: Account) => (await api<Conexao>(acc.token, 'GET', '/api/dados-conexao')).body;
  /**
   * The engine tags (DATA_DIR#NODE_ID: which worker) of a process row's running ffmpegs; one that exits
   * while being read is left out, and so are other test files' (their own databases number rows from 1 too).
   */
  const runners = (processId: number): string[] => processesWithEnv('ffmpeg', [`PAINEL_PROCESS=${processId}`]).flatMap((pid) => {
    let environ: string;
    try {
      environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
    } catch {
      return [];
    }
    const tag = (environ.split('\0').find((e) => e.startsWith('PAINEL_ENGINE=')) ?? '').slice('PAINEL_ENGINE='.length);
    return tag === tagOf(0) || tag === tagOf(1) ? [tag] : [];
  });
  const tagOf = (i: 0 | 1) => `${stacks[i]!.dataDir}#${i + 1}`;
  const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  const filesUnder = (dir: string): string[] => (fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).map(String) : [])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());
  const hlsFragment = async (hlsUrl: string): Promise<number> => {
    const list = await (await fetch(hlsUrl)).text();
    const last = list.split('\n').filter((l) => l.includes('.ts')).at(-1);
    if (!last) return 0;
    const r = await fetch(new URL(last, hlsUrl));
    return r.ok ? (await r.arrayBuffer()).byteLength : 0;
  };
  const publish = (url: string) => {
    const p = spawn('ffmpeg', testStreamArgs({ url, videoKbps: 300, keyframeSeconds: 1, size: '320x240' }), { stdio: ['ignore', 'ignore', 'ignore'] });
    publishers.push(p);
    return p;
  };
  const uploadVia = async (acc: Account, at: 0 | 1) => {
    const folder = await api<{ id: number }>(acc.token, 'POST', '/api/folders', { nome: `Pasta ${at}` });
    assert.equal(folder.status, 200, JSON.stringify(folder.body));
    const body = multipart('vinheta.mp4', clip);
    const r = await fetch(`${base(at)}/api/videos/upload?folder_id=${folder.body.id}`, {
      method: 'POST', headers: { authorization: `Bearer ${acc.token}`, 'content-type': body.contentType }, body: body.payload,
    });
    const text = await r.text();
    assert.equal(r.status, 200, text);
    return (JSON.parse(text) as { video: { id: number } }).video.id;
  };

  before(async () => {
    scratch = await createScratchDatabase(process.env.TEST_PG_ADMIN_URL!);
    const url = scratch.url;
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-servidores-'));
    dirs.push(tmp);
    clip = makeChannelClip(tmp, 'vinheta', 'testsrc2', 4);
    dest = await startRtmpDestination({ keys: [KEY] });
    ports = { http: await freePort(), rtmp: await freePort(), hls: await freePort(), ftp: await freePort(), pasv: await freePort() };
    const envOf = (i: 0 | 1): Record<string, string> => ({
      DATABASE_URL: url, NODE_ID: String(i + 1), BIND_ADDRESS: ADDRESSES[i], PUBLIC_HOST: ADDRESSES[i],
      PORT: String(ports.http), RTMP_PORT: String(ports.rtmp), HLS_PORT: String(ports.hls), FTP_PORT: String(ports.ftp),
      FTP_PASV_MIN: String(ports.pasv), FTP_PASV_MAX: String(ports.pasv), OUTBOUND_ALLOW: dest.allowEntry,
    });
    stacks.push(await startStack(envOf(0), { address: ADDRESSES[0] }));
    // the second server joins: the same database and a copy of the first one's secrets/
    const joined = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-servidor2-'));
    dirs.push(joined);
    fs.cpSync(path.join(s1().dataDir, 'secrets'), path.join(joined, 'secrets'), { recursive: true });
    stacks.push(await startStack({ ...envOf(1), DATA_DIR: joined }, { address: ADDRESSES[1] }));
    operator = await newAccount(1, 'admin');
    await eventually(async () => {
      const list = (await api<{ servidores: Servidor[] }>(operator.token, 'GET', '/api/admin/servidores')).body.servidores;
      return list.length === 2 && list.every((s) => s.online);
    }, 30_000, 'os dois servidores registrados e online');
    a = await newAccount(1);
    b = await newAccount(2);
  });

  after(async () => {
    for (const p of publishers) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    await Promise.all(stacks.map((s) => s.stop()));
    await dest?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    await scratch?.drop();
  });

  test('through server 1\'s API, each account\'s connection data names its own server; the session of one server is valid on the other', async () => {
    const [ca, cb] = [await conexao(a), await conexao(b)];
    assert.equal(ca.rtmp.servidor, `rtmp://127.0.0.2:${ports.rtmp}/live`);
    assert.equal(cb.rtmp.servidor, `rtmp://127.0.0.3:${ports.rtmp}/live`);
    assert.deepEqual([cb.ftp.host, cb.ftp.porta], ['127.0.0.3', ports.ftp]);
    assert.equal(cb.hls_url, `http://127.0.0.3:${ports.http}/hls/${b.usuario}_live.m3u8`);
    // secrets are the installation's: server 2 verifies the session server 1 signed, and opens the FTP password it sealed
    const there = await api<Conexao>(b.token, 'GET', '/api/dados-conexao', undefined, 1);
    assert.equal(there.status, 200);
    assert.equal(there.body.ftp.senha, cb.ftp.senha);
  });

  test('OBS publishes to each account\'s own server and plays through its HLS; the other server refuses it', { timeout: 180_000 }, async () => {
    const [ca, cb] = [await conexao(a), await conexao(b)];
    // B's key on server 1's nginx: refused (its account lives on server 2)
    const wrong = publish(`rtmp://127.0.0.2:${ports.rtmp}/live/${cb.rtmp.chave}`);
    await eventually(async () => wrong.exitCode !== null, 20_000, 'publicação de B no servidor 1 recusada');
    publish(`${ca.rtmp.servidor}/${ca.rtmp.chave}`);
    publish(`${cb.rtmp.servidor}/${cb.rtmp.chave}`);
    await eventually(async () => (await hlsFragment(ca.hls_url)) > 0, 30_000, 'HLS de A no servidor 1');
    await eventually(async () => (await hlsFragment(cb.hls_url)) > 0, 30_000, 'HLS de B no servidor 2');
    assert.ok(fs.readdirSync(path.join(s2().dataDir, 'hls')).some((f) => f.startsWith(`${b.usuario}_live`)));
    assert.equal(fs.readdirSync(path.join(s1().dataDir, 'hls')).some((f) => f.startsWith(`${b.usuario}_live`)), false);
    // the status answered through server 1 is what server 2's nginx has
    const status = await api<{ obs_stream: { is_live: boolean } }>(b.token, 'GET', '/api/streaming/status');
    assert.equal(status.body.obs_stream.is_live, true);
  });

  test('a restream of B runs on server 2\'s worker only', { timeout: 180_000 }, async () => {
    const fontes = (await api<{ source_urls: { rtmp: string } }>(b.token, 'GET', '/api/streaming/source-urls')).body.source_urls;
    const r = await api<{ success: boolean }>(b.token, 'POST', '/api/streaming/start-live', {
      tipo: 'youtube', servidor_rtmp: dest.server, servidor_rtmp_chave: KEY, inicio_imediato: 'sim', servidor_stm: fontes.rtmp,
      data_fim: formatZoned(Date.now() + 3_600_000, 'America/Sao_Paulo'),
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    await eventually(async () => (await dest.received(KEY)).publishing, 45_000, 'restream de B chegando ao destino');
    const pool = new pg.Client({ connectionString: s1().env.DATABASE_URL });
    await pool.connect();
    try {
      const rows = (await pool.query<{ id: number; node_id: number }>(
        'SELECT p.id, p.node_id FROM media_processes p JOIN accounts a ON a.id = p.user_id WHERE a.usuario = $1 AND p.kind = $2', [b.usuario, 'restream'])).rows;
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.node_id, 2);
      // its ffmpeg is server 2's worker's, and never server 1's (a restart under load may leave a moment
      // with none, or the one ending beside the one starting: both server 2's)
      const seen = new Set<string>();
      await eventually(async () => {
        const tags = runners(rows[0]!.id);
        for (const t of tags) seen.add(t);
        return tags.length > 0 && tags.every((t) => t === tagOf(1));
      }, 20_000, 'o ffmpeg do restream é do worker do servidor 2');
      assert.deepEqual([...seen], [tagOf(1)], 'o worker do servidor 1 nunca roda o restream de B');
    } finally {
      await pool.end();
    }
    // the list, answered by server 2 (what its worker runs), shows the restream on air
    await eventually(async () => (await api<{ lives: { estado: string }[] }>(b.token, 'GET', '/api/streaming/lives')).body.lives
      .some((l) => l.estado === 'live'), 30_000, 'restream de B no ar na lista');
  });

  test('B\'s files asked of server 1 are answered by server 2, from its disk, never from server 1\'s', { timeout: 180_000 }, async () => {
    const videoId = await uploadVia(b, 0);
    // the upload sent to server 1 was written on server 2 only
    const storageOf = (i: 0 | 1) => path.join(stacks[i]!.dataDir, 'storage', b.usuario);
    assert.equal(filesUnder(storageOf(1)).filter((f) => f.endsWith('.mp4')).length, 1);
    assert.deepEqual(filesUnder(storageOf(0)), []);
    const stored = filesUnder(storageOf(1)).find((f) => f.endsWith('.mp4'))!;
    assert.equal(sha256(path.join(storageOf(1), stored)), createHash('sha256').update(clip).digest('hex'));
    // B's channel HLS asked of server 1: sent on to server 2 (redirected), never a 404 from the wrong disk
    const hls = await fetch(`${base(0)}/hls/${b.usuario}_live.m3u8`, { redirect: 'manual' });
    assert.equal(hls.status, 307);
    assert.equal(hls.headers.get('location'), `${base(1)}/hls/${b.usuario}_live.m3u8`);
    // a playlist of that video, started through server 1, plays on server 2's worker (OBS stopped first)
    for (const p of publishers) if (p.exitCode === null) p.kill('SIGKILL');
    const lista = await api<{ id: number }>(b.token, 'POST', '/api/playlists', { nome: 'Programação' });
    assert.equal((await api(b.token, 'PUT', `/api/playlists/${lista.body.id}`, { videos: [{ id: videoId, ordem: 1 }] })).status, 200);
    const started = await api<{ success: boolean }>(b.token, 'POST', '/api/streaming/start', { playlist_id: lista.body.id });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    let seen = '';
    const row = await eventually(async () => {
      const c = new pg.Client({ connectionString: s1().env.DATABASE_URL });
      await c.connect();
      try {
        const rows = (await c.query<{ id: number; node_id: number; state: string; error: string | null; desired: string }>(
          `SELECT p.id, p.node_id, p.state, p.error, p.desired FROM media_processes p JOIN accounts a ON a.id = p.user_id WHERE a.usuario = $1 AND p.kind = 'playout'`, [b.usuario])).rows;
        seen = JSON.stringify(rows);
        return rows.find((r) => r.state === 'live');
      } finally {
        await c.end();
      }
    }, 45_000, 'playout de B no ar').catch((e: Error) => { throw new Error(`${e.message}: ${seen}`); });
    assert.equal(row.node_id, 2);
    assert.deepEqual(runners(row.id), [tagOf(1)], 'o ffmpeg do playout é do worker do servidor 2');
    await eventually(async () => (await hlsFragment((await conexao(b)).hls_url)) > 0, 30_000, 'HLS do playout de B no servidor 2');
  });

  test('moving A from server 1 to server 2 copies its library (same hash), switches its addresses, and its playlist plays there', { timeout: 120_000 }, async () => {
    for (const p of publishers) if (p.exitCode === null) p.kill('SIGKILL');
    const videoId = await uploadVia(a, 0);
    const libraryOf = (i: 0 | 1) => path.join(stacks[i]!.dataDir, 'storage', a.usuario);
    const before = filesUnder(libraryOf(0)).filter((f) => f.endsWith('.mp4'));
    assert.equal(before.length, 1);
    const hash = sha256(path.join(libraryOf(0), before[0]!));
    const c = new pg.Client({ connectionString: s1().env.DATABASE_URL });
    await c.connect();
    const id = (await c.query<{ id: number }>('SELECT id FROM accounts WHERE usuario = $1', [a.usuario])).rows[0]!.id;
    await c.end();
    const moved = await api<{ mudanca: { estado: string } | null }>(operator.token, 'POST', `/api/admin/contas/${id}/mover`, { codigo_servidor: 2 });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const done = await eventually(async () => {
      const st = (await api<{ servidor: number; mudanca: { estado: string; erro: string | null } | null }>(operator.token, 'GET', `/api/admin/contas/${id}/mover`)).body;
      if (st.mudanca?.estado === 'falhou') throw new Error(`a mudança falhou: ${st.mudanca.erro}`);
      return st.mudanca?.estado === 'concluida' ? st : null;
    }, 60_000, 'mudança de A concluída');
    assert.equal(done.servidor, 2);
    const after = filesUnder(libraryOf(1)).filter((f) => f.endsWith('.mp4'));
    assert.deepEqual(after, before, 'the same library on server 2');
    assert.equal(sha256(path.join(libraryOf(1), after[0]!)), hash);
    assert.deepEqual(filesUnder(libraryOf(0)), [], 'nothing of A left on server 1');
    const ca = await conexao(a);
    assert.equal(ca.rtmp.servidor, `rtmp://127.0.0.3:${ports.rtmp}/live`);
    assert.equal(ca.hls_url, `http://127.0.0.3:${ports.http}/hls/${a.usuario}_live.m3u8`);
    // its playlist, started through server 1, plays on server 2
    const lista = await api<{ id: number }>(a.token, 'POST', '/api/playlists', { nome: 'Depois da mudança' });
    assert.equal((await api(a.token, 'PUT', `/api/playlists/${lista.body.id}`, { videos: [{ id: videoId, ordem: 1 }] })).status, 200);
    assert.equal((await api(a.token, 'POST', '/api/streaming/start', { playlist_id: lista.body.id })).status, 200);
    await eventually(async () => (await hlsFragment(ca.hls_url)) > 0, 45_000, 'HLS do playout de A no servidor 2');
  });

  test('server 2 stopped: shown offline within a few heartbeats; an account of server 1 is untouched', { timeout: 180_000 }, async () => {
    const c = await newAccount(1);
    const cc = await conexao(c);
    publish(`${cc.rtmp.servidor}/${cc.rtmp.chave}`);
    await eventually(async () => (await hlsFragment(cc.hls_url)) > 0, 30_000, 'HLS de C no servidor 1');
    const stoppedAt = Date.now();
    await s2().stop();
    const offline = await eventually(async () => {
      const list = (await api<{ servidores: Servidor[] }>(operator.token, 'GET', '/api/admin/servidores')).body.servidores;
      return list.find((s) => s.id === 2)?.online === false;
    }, 30_000, 'servidor 2 fora do ar');
    assert.ok(offline);
    const seconds = (Date.now() - stoppedAt) / 1000;
    console.log(`SERVIDORES servidor 2 parado: fora do ar em ${seconds.toFixed(1)} s`);
    assert.ok(seconds <= 25, `fora do ar em ${seconds.toFixed(1)} s`);
    // B's dashboard, asked of server 1, says its server is off the air
    const overview = await api<{ servidor: { codigo: number; online: boolean } }>(b.token, 'GET', '/api/dashboard/overview');
    assert.deepEqual(overview.body.servidor, { codigo: 2, online: false });
    // C on server 1 kept going: its HLS still advances, its status answers
    const first = await (await fetch(cc.hls_url)).text();
    await eventually(async () => (await (await fetch(cc.hls_url)).text()) !== first, 15_000, 'HLS de C avançando');
    assert.equal((await api<{ obs_stream: { is_live: boolean } }>(c.token, 'GET', '/api/streaming/status')).body.obs_stream.is_live, true);
  });
});

