import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { pidsWithEnv } from '../../platform/exec.ts';
import { bearerHeader } from '../../testing/harness.ts';
import { eventually, startLiveStack, type LiveStack } from '../../testing/live.ts';
import { srtListenersOf } from './index.ts';
import { createSrtListeners, listenerArgs } from './srt.listeners.ts';
import { createSrtRepo } from './srt.repo.ts';

/** Consecutive UDP ports free on loopback now (the SRT range of this test's server). */
async function freeUdpRange(count: number): Promise<number> {
  for (let tries = 0; tries < 20; tries++) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    const sockets: dgram.Socket[] = [];
    let ok = true;
    for (let p = base; p < base + count && ok; p++) {
      const s = dgram.createSocket('udp4');
      ok = await new Promise<boolean>((r) => {
        s.once('error', () => r(false));
        s.bind(p, '0.0.0.0', () => r(true));
      });
      sockets.push(s);
    }
    await Promise.all(sockets.map((s) => new Promise<void>((r) => { try { s.close(() => r()); } catch { r(); } })));
    if (ok) return base;
  }
  throw new Error('nenhuma faixa UDP livre');
}

/** Whether something listens on this UDP port (/proc/net/udp, port in hex). */
function udpBound(port: number): boolean {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return ['/proc/net/udp', '/proc/net/udp6'].some((f) => {
    try {
      return fs.readFileSync(f, 'utf8').split('\n').slice(1).some((l) => l.trim().split(/\s+/)[1]?.endsWith(hex));
    } catch {
      return false;
    }
  });
}

/** An encoder publishing by SRT the way OBS does: H.264 + AAC in MPEG-TS to srt://…?passphrase=… */
function srtPublish(url: string): { child: ChildProcess; exited: Promise<number | null>; output(): string; stop(): Promise<void> } {
  const child = spawn('ffmpeg', [
    '-nostdin', '-hide_banner', '-loglevel', 'warning', '-re',
    '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '25', '-keyint_min', '25', '-sc_threshold', '0',
    '-b:v', '300k', '-c:a', 'aac', '-b:a', '64k', '-f', 'mpegts', url,
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  let out = '';
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('close', (code) => r(code)));
  return {
    child, exited, output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * SRT ingest end to end: the real worker runs ffmpeg's libsrt listeners, the encoder publishes
 * by SRT with the stream key as the passphrase, and the picture enters the same channel (HLS,
 * status) as an RTMP publish through nginx-rtmp.
 */
describe('SRT ingest', () => {
  let s: LiveStack;
  let closed = false;
  let portMin: number;
  type Acc = { id: number; usuario: string; token: string; secret: string; port: number; url: string };
  let a: Acc;
  let b: Acc;
  const encoders = new Set<ReturnType<typeof srtPublish>>();
  const publish = (url: string) => {
    const p = srtPublish(url);
    encoders.add(p);
    return p;
  };

  const get = (token: string, url: string) => s.h.app.inject({ url, headers: bearerHeader(token) });
  const status = async (token: string) => (await get(token, '/api/streaming/status')).json();
  const playlist = async (login: string) => {
    const r = await fetch(`${s.apiUrl}/hls/${login}_live.m3u8`);
    return r.ok ? r.text() : null;
  };
  const pidOf = (acc: Acc) => srtListenersOf(s.worker.engine)?.listening().get(acc.id) ?? null;

  before(async () => {
    portMin = await freeUdpRange(4);
    s = await startLiveStack({ env: { SRT_PORT_MIN: String(portMin), SRT_PORT_MAX: String(portMin + 3), SRT_LATENCY_MS: '200' } });
    const make = async (): Promise<Acc> => {
      const c = await s.h.createAccount();
      const token = await s.h.login(c.email, c.password);
      const off = (await get(token, '/api/dados-conexao')).json();
      assert.equal(off.srt_url, null, 'SRT começa desligado');
      const r = await s.h.app.inject({ method: 'PUT', url: '/api/srt', headers: bearerHeader(token), payload: { ativo: true } });
      assert.equal(r.statusCode, 200, r.body);
      const cfg = r.json();
      const secret = /key=([0-9a-f]+)/.exec(off.rtmp.chave)![1]!;
      return { id: c.id, usuario: c.usuario, token, secret, port: cfg.porta, url: cfg.srt_url };
    };
    a = await make();
    b = await make();
  });
  after(async () => {
    await Promise.all([...encoders].map((e) => e.stop()));
    if (!closed) await s?.close();
  });

  test('turning SRT on gives each account its own port and an address with its key as the passphrase', async () => {
    assert.ok(a.port >= portMin && a.port <= portMin + 3);
    assert.notEqual(a.port, b.port);
    assert.equal(a.url, `srt://127.0.0.1:${a.port}?passphrase=${a.secret}&latency=200000`);
    const conn = (await get(a.token, '/api/dados-conexao')).json();
    assert.equal(conn.srt_url, a.url);
    const cfg = (await get(a.token, '/api/srt')).json();
    assert.deepEqual(cfg, { success: true, ativo: true, porta: a.port, srt_url: a.url, latencia_ms: 200 });
    // invalid body
    assert.equal((await s.h.app.inject({ method: 'PUT', url: '/api/srt', headers: bearerHeader(a.token), payload: { ativo: 'sim' } })).statusCode, 400);
    // the worker listens on both ports
    await eventually(async () => udpBound(a.port) && udpBound(b.port) && pidOf(a) && pidOf(b), 10_000, 'escutas SRT no ar');
  });

  test("a wrong key, and another account's key, are refused in the handshake: nothing reaches either channel", async () => {
    const before = pidOf(a);
    const attempts = [
      publish(`srt://127.0.0.1:${a.port}?passphrase=0123456789abcdef01234567`),
      publish(`srt://127.0.0.1:${a.port}?passphrase=${b.secret}`),
      publish(`srt://127.0.0.1:${b.port}?passphrase=${a.secret}`),
      publish(`srt://127.0.0.1:${a.port}`),
    ];
    const codes = await Promise.all(attempts.map((p) => p.exited));
    for (const [i, code] of codes.entries()) assert.notEqual(code, 0, `tentativa ${i} deveria ser recusada: ${attempts[i]!.output()}`);
    assert.ok(attempts.slice(0, 3).every((p) => /passphrase|Input\/output error|rejected/i.test(p.output())), attempts.map((p) => p.output()).join('\n'));
    for (const acc of [a, b]) {
      const st = await status(acc.token);
      assert.equal(st.is_live, false);
      assert.equal(await playlist(acc.usuario), null);
    }
    // the listener was never disturbed, and the owner is told of the attempt in the activity
    assert.equal(pidOf(a), before);
    await eventually(async () => (await s.h.core.store.db.selectFrom('account_events').select('detalhe')
      .where('user_id', '=', a.id).where('tipo', '=', 'publish_refused').execute()).some((e) => e.detalhe === 'SRT'), 5000, 'aviso na atividade');
  });

  test('the right key by SRT goes live in the same channel as RTMP: status, HLS fragment; the listener is back after the encoder leaves', async () => {
    const t0 = Date.now();
    const enc = publish(a.url);
    const st = await eventually(async () => {
      const x = await status(a.token);
      return x.is_live && x.obs_stream.bitrate > 0 && x;
    }, 15_000, 'status ao vivo por SRT');
    assert.equal(st.stream_type, 'obs');
    assert.equal(st.obs_stream.streamName, `${a.usuario}_live`);
    const text = await eventually(async () => {
      const t = await playlist(a.usuario);
      return t && /\.ts$/m.test(t) && t;
    }, 15_000, 'playlist HLS com fragmentos');
    const seg = /^(.+\.ts)$/m.exec(text)![1]!;
    const sr = await fetch(new URL(seg, `${s.apiUrl}/hls/`));
    assert.equal(sr.status, 200);
    assert.ok((await sr.arrayBuffer()).byteLength > 1000);
    const liveMs = Date.now() - t0;
    // B's channel sees nothing of it
    assert.equal((await status(b.token)).is_live, false);

    // the encoder leaves (OBS stops or drops): the broadcast ends and a new listener takes the port
    const first = pidOf(a);
    await enc.stop();
    await eventually(async () => !(await status(a.token)).is_live, 15_000, 'fim da transmissão');
    await eventually(async () => pidOf(a) !== null && pidOf(a) !== first && udpBound(a.port), 10_000, 'escuta de volta');
    // and OBS reconnecting is taken again
    const again = publish(a.url);
    await eventually(async () => (await status(a.token)).is_live, 15_000, 'ao vivo de novo por SRT');
    await again.stop();
    console.log(`SRT: ao vivo com fragmento em ${liveMs} ms`);
  });

  test('a new key replaces the listener; turning SRT off (or suspending the account) closes the port', async () => {
    const first = pidOf(b);
    const r = await s.h.app.inject({ method: 'POST', url: '/api/dados-conexao/regenerar-chave', headers: bearerHeader(b.token) });
    assert.equal(r.statusCode, 200);
    const secret = /key=([0-9a-f]+)/.exec(r.json().rtmp.chave)![1]!;
    assert.notEqual(secret, b.secret);
    await eventually(async () => pidOf(b) !== null && pidOf(b) !== first, 10_000, 'escuta com a chave nova');
    assert.equal((await get(b.token, '/api/srt')).json().srt_url, `srt://127.0.0.1:${b.port}?passphrase=${secret}&latency=200000`);

    const off = await s.h.app.inject({ method: 'PUT', url: '/api/srt', headers: bearerHeader(b.token), payload: { ativo: false } });
    assert.deepEqual(off.json(), { success: true, ativo: false, porta: null, srt_url: null, latencia_ms: 200 });
    assert.equal((await get(b.token, '/api/dados-conexao')).json().srt_url, null);
    await eventually(async () => pidOf(b) === null && !udpBound(b.port), 10_000, 'escuta encerrada');
    // on again: the same port, so the encoder's settings still hold
    const on = await s.h.app.inject({ method: 'PUT', url: '/api/srt', headers: bearerHeader(b.token), payload: { ativo: true } });
    assert.equal(on.json().porta, b.port);
    await eventually(async () => pidOf(b) !== null && udpBound(b.port), 10_000, 'escuta de volta');

    // a suspended account listens to nothing; reactivated, its listener is back by itself
    const db = s.h.core.store.db;
    await db.updateTable('accounts').set({ suspension: 'suspended_by_operator' }).where('id', '=', b.id).execute();
    await eventually(async () => pidOf(b) === null && !udpBound(b.port), 10_000, 'escuta da conta suspensa encerrada');
    await db.updateTable('accounts').set({ suspension: 'active' }).where('id', '=', b.id).execute();
    await eventually(async () => pidOf(b) !== null && udpBound(b.port), 10_000, 'escuta da conta reativada');
  });

  test("a crashed worker's listener is adopted when it runs the same thing, a stale one is ended: never two", async () => {
    // an account of another server (node 2), whose listeners this test's own manager runs
    const c = await s.h.createAccount();
    const db = s.h.core.store.db;
    await db.updateTable('accounts').set({ codigo_servidor: 2 }).where('id', '=', c.id).execute();
    const token = await s.h.login(c.email, c.password);
    const port = (await s.h.app.inject({ method: 'PUT', url: '/api/srt', headers: bearerHeader(token), payload: { ativo: true } })).json().porta as number;
    const secret = (await db.selectFrom('accounts').select('stream_secret').where('id', '=', c.id).executeTakeFirstOrThrow()).stream_secret!;
    const config = s.h.config;
    const tag = `${config.dataDir}#2`;
    const row = { user_id: c.id, port, usuario: c.usuario, stream_secret: secret };
    // what the crashed worker left: the listener it ran, and a stale one (an old key, elsewhere)
    const env = { ...process.env, PAINEL_SRT: tag, PAINEL_SRT_USER: String(c.id) };
    const left = spawn(config.media.ffmpegBin, listenerArgs(config, row), { env, detached: true, stdio: 'ignore' });
    const stalePort = portMin + 3;
    const stale = spawn(config.media.ffmpegBin, listenerArgs(config, { ...row, port: stalePort, stream_secret: '0123456789abcdef01234567' }), { env, detached: true, stdio: 'ignore' });
    const listeners = createSrtListeners({ db, repo: createSrtRepo(), config, nodeId: 2, tag, log: () => {} });
    try {
      await eventually(async () => udpBound(port) && udpBound(stalePort), 10_000, 'escutas deixadas');
      assert.equal(listeners.adoptOrphans(), 2);
      await listeners.reconcile();
      assert.equal(listeners.listening().get(c.id), left.pid, 'a escuta igual foi adotada, não substituída');
      await eventually(async () => stale.exitCode !== null || stale.signalCode !== null, 5000, 'a escuta antiga encerrada');
      assert.deepEqual(pidsWithEnv([`PAINEL_SRT=${tag}`]), [left.pid]);
      // the main worker (node 1) never took it
      assert.equal(srtListenersOf(s.worker.engine)?.listening().has(c.id), false);
    } finally {
      await listeners.stop();
      for (const p of [left, stale]) {
        try {
          process.kill(-p.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
    }
    await eventually(async () => pidsWithEnv([`PAINEL_SRT=${tag}`]).length === 0 && !udpBound(port), 5000, 'nada deixado');
  });

  test('the worker\'s planned stop ends its listeners with it: no port left open', async () => {
    const tag = `${s.h.config.dataDir}#${s.h.config.media.nodeId}`;
    const open = [...(srtListenersOf(s.worker.engine)?.listening().keys() ?? [])];
    assert.ok(open.length > 0, 'listeners running before the stop');
    await Promise.all([...encoders].map((e) => e.stop()));
    closed = true;
    await s.close();
    assert.deepEqual(pidsWithEnv([`PAINEL_SRT=${tag}`]).filter((pid) => fs.existsSync(`/proc/${pid}`)), []);
  });
});

