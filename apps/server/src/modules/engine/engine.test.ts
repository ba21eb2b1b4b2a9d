import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { errorText, msg } from '@painel/contract';
import { testStreamArgs } from '@painel/media/test-stream';
import { AppError } from '../../platform/errors.ts';
import { formatZoned } from '../../platform/zoned-time.ts';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { makeChannelClip, newFolder, upload } from '../../testing/library.ts';
import { eventually } from '../../testing/live.ts';
import { alive, processesWithEnv } from '../../testing/processes.ts';
import { startRtmpDestination, type RtmpDestination } from '../../testing/rtmp-destination.ts';
import { freePort } from '../../worker.ts';
import { restreamChild } from '../lives/lives.child.ts';
import { createLivesRepo } from '../lives/lives.repo.ts';
import { addressesOf, channelUrls } from '../streaming/urls.ts';
import { createEngine, type ChildFactory } from './engine.ts';
import { createProcessesRepo } from './processes.repo.ts';
import { createProcesses } from './processes.service.ts';

const WORKER = path.resolve(import.meta.dirname, '../../worker.ts');

/** The pids of the ffmpeg processes the engine started for a row, found by the tag in their environment. */
const childrenOf = (processId: number, tag: string): number[] => processesWithEnv('ffmpeg', [`PAINEL_PROCESS=${processId}`, `PAINEL_ENGINE=${tag}`]);

/** A child that writes growing output (as ffmpeg's progress) every 100 ms: live as soon as it runs. */
const ticker: Awaited<ReturnType<ChildFactory>> = {
  command: process.execPath,
  args: ['-e', 'let n = 0; setInterval(() => console.log(`total_size=${(n += 10000)}`), 100)'],
  redact: (t: string) => t,
  progress: () => { let last = 0; return (l: string) => { const m = /^total_size=(\d+)/.exec(l); const grew = !!m && Number(m[1]) > last; if (m) last = Number(m[1]); return grew; }; },
  permanent: () => null,
};

/**
 * The worker as its own process, as in production, killed with SIGKILL halfway through a
 * restream: its ffmpeg survives it (own process group); the next worker must end that one
 * and run exactly one again.
 */
describe('media engine: a worker killed and restarted', () => {
  let h: Harness;
  let dest: RtmpDestination;
  let apiUrl: string;
  let rtmpPort: number;
  const procs = new Set<ChildProcess>();

  const runWorker = () => {
    const c = spawn(process.execPath, [WORKER], {
      env: {
        ...process.env, DATA_DIR: h.config.dataDir, DATABASE_URL: h.config.databaseUrl ?? '', RTMP_PORT: String(rtmpPort),
        // the API's own setting (no HLS port of nginx): the default port is another stack's when tests run side by side
        HLS_PORT: String(h.config.media.hlsPort),
        API_INTERNAL_URL: apiUrl, OUTBOUND_ALLOW: dest.allowEntry,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    procs.add(c);
    return c;
  };
  const publish = (key: string) => {
    const c = spawn('ffmpeg', testStreamArgs({ url: `rtmp://127.0.0.1:${rtmpPort}/live/${key}`, videoKbps: 500 }), { stdio: 'ignore' });
    procs.add(c);
    return c;
  };

  before(async () => {
    dest = await startRtmpDestination({ keys: ['chave-unica'] });
    rtmpPort = await freePort();
    h = await startHarness({ env: { RTMP_PORT: String(rtmpPort), PUBLIC_HOST: '127.0.0.1', OUTBOUND_ALLOW: dest.allowEntry } });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    apiUrl = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
  });
  after(async () => {
    for (const c of procs) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    // the last worker's children: nginx and ffmpeg in their own groups
    const pidFile = path.join(h.config.dataDir, 'nginx', 'supervisor.pid');
    if (fs.existsSync(pidFile)) try { process.kill(-Number(fs.readFileSync(pidFile, 'utf8')), 'SIGKILL'); } catch { /* gone */ }
    await h?.close();
    await dest?.close();
  });

  test('SIGKILL of the worker, then a new one: exactly one ffmpeg per running live', { timeout: 240_000 }, async () => {
    const acc = await h.createAccount();
    const token = await h.login(acc.email, acc.password);
    const get = async (url: string) => (await h.app.inject({ url, headers: bearerHeader(token) })).json();
    const key = ((await get('/api/dados-conexao')).rtmp.chave as string);

    const w1 = runWorker();
    await eventually(async () => (await get('/api/health')).components?.media_server === 'ok', 20_000, 'nginx do worker');
    const obs = publish(key);
    await eventually(async () => (await get('/api/streaming/status')).is_live, 20_000, 'OBS ao vivo');
    const broadcastBefore = (await get('/api/streaming/status')).transmission?.id as number;
    const r = await h.app.inject({
      method: 'POST', url: '/api/streaming/start-live', headers: bearerHeader(token),
      payload: {
        tipo: 'custom', servidor_rtmp: dest.server, servidor_rtmp_chave: 'chave-unica', inicio_imediato: 'sim',
        servidor_stm: (await get('/api/streaming/source-urls')).source_urls.rtmp, data_fim: formatZoned(Date.now() + 3_600_000, 'America/Sao_Paulo'),
      },
    });
    assert.equal(r.statusCode, 200, r.body);
    const tag = `${h.config.dataDir}#1`;
    const row = await h.core.store.db.selectFrom('lives').select('process_id').where('id', '=', r.json().live.id).executeTakeFirstOrThrow();
    await eventually(async () => (await dest.received('chave-unica')).bytes > 50_000, 20_000, 'bytes no destino');
    const [first] = childrenOf(row.process_id, tag);
    assert.deepEqual(childrenOf(row.process_id, tag), [first]);

    w1.kill('SIGKILL');
    await new Promise((res) => w1.once('exit', res));
    // the orphan keeps pushing meanwhile: nobody stopped it
    assert.deepEqual(childrenOf(row.process_id, tag), [first]);

    const killedAt = new Date().toISOString();
    runWorker();
    // the new worker takes nginx up (it adopts the one left running on the same configuration, or
    // replaces it) and reports it; until then the old worker's last report still reads as healthy
    await eventually(async () => {
      const svc = await h.core.store.db.selectFrom('media_services').select('heartbeat_at').where('name', '=', 'nginx').executeTakeFirst();
      return !!svc && svc.heartbeat_at > killedAt && (await get('/api/health')).components?.media_server === 'ok';
    }, 30_000, 'o nginx do novo worker');
    // OBS leaves and comes back, as OBS does by itself after a drop: a new broadcast of its own
    obs.kill('SIGKILL');
    let again: ChildProcess | undefined;
    await eventually(async () => {
      if (!again || again.exitCode !== null) again = publish(key); // until the new nginx takes it
      await new Promise((res) => setTimeout(res, 2000));
      // the broadcast record may still say live from before the restart, and a refused encoder can
      // take seconds to notice on a loaded machine: OBS is back once its publish was accepted (the
      // accepted publish opens a broadcast of its own) and it keeps running
      const st = await get('/api/streaming/status');
      return again.exitCode === null && st.is_live && st.transmission?.id !== broadcastBefore;
    }, 120_000, 'OBS de volta'); // a bound only: at a load of 20 on 2 cores a minute was not enough
    await eventually(async () => {
      const now = childrenOf(row.process_id, tag);
      return now.length === 1 && now[0] !== first && now;
    }, 45_000, 'um só ffmpeg, novo');
    await eventually(async () => {
      const b0 = (await dest.received('chave-unica')).bytes;
      await new Promise((res) => setTimeout(res, 1500));
      return (await dest.received('chave-unica')).bytes > b0 + 30_000;
    }, 60_000, 'o destino recebe de novo').catch(async (e: Error) => {
      // what the engine says of the row tells a refusal from a slow return
      const p = await h.core.store.db.selectFrom('media_processes').select(['state', 'error', 'restarts', 'desired']).where('id', '=', row.process_id).executeTakeFirst();
      throw new Error(`${e.message}; processo: ${JSON.stringify(p)}`);
    }); // the worker's back-off for media children (1 s, 2 s, 4 s… up to 10 s) while OBS returns
    // and it stays one
    await new Promise((res) => setTimeout(res, 3000));
    assert.equal(childrenOf(row.process_id, tag).length, 1);
    assert.equal(alive(first!), false, 'o órfão foi encerrado');
  });

  test('SIGKILL of the worker during a playlist broadcast: the next worker resumes it with one ffmpeg', { timeout: 150_000 }, async () => {
    // the previous test's worker and encoder go, and its live with them: one worker from here on
    await Promise.all([...procs].map(async (c) => {
      if (c.exitCode === null && c.signalCode === null) {
        c.kill('SIGKILL');
        await new Promise((res) => c.once('exit', res));
      }
      procs.delete(c);
    }));
    await h.core.store.db.updateTable('media_processes').set({ desired: 'stopped' }).execute();
    const acc = await h.createAccount();
    const token = await h.login(acc.email, acc.password);
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      (await h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) })).json();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-clips-'));
    const folder = await newFolder(h, token, 'Canal');
    const videos: number[] = [];
    for (const [name, src] of [['um', 'testsrc'], ['dois', 'testsrc2']] as const) {
      videos.push((await upload(h, token, folder, `${name}.mp4`, makeChannelClip(dir, name, src, 4))).json().video.id);
    }
    fs.rmSync(dir, { recursive: true, force: true });
    const playlist = (await call('POST', '/api/playlists', { nome: 'Canal 24h' })).id as number;
    await call('PUT', `/api/playlists/${playlist}`, { videos: videos.map((id, ordem) => ({ id, ordem })) });

    const w1 = runWorker();
    await eventually(async () => (await call('GET', '/api/health')).components?.media_server === 'ok', 20_000, 'nginx do worker');
    const started = await call('POST', '/api/streaming/start', { playlist_id: playlist });
    assert.equal(started.success, true, JSON.stringify(started));
    const onAir = async () => {
      const st = await call('GET', '/api/streaming/status');
      return st.is_live && st.stream_type === 'playlist';
    };
    await eventually(onAir, 30_000, 'playlist no ar');
    const tag = `${h.config.dataDir}#1`;
    const row = await h.core.store.db.selectFrom('media_processes').select(['id']).where('kind', '=', 'playout').where('user_id', '=', acc.id)
      .executeTakeFirstOrThrow();
    const [first] = childrenOf(row.id, tag);
    assert.ok(first);
    const playsBefore = await h.core.store.db.selectFrom('playout_plays').select('nome').where('process_id', '=', row.id).execute();

    w1.kill('SIGKILL');
    await new Promise((res) => w1.once('exit', res));
    runWorker();
    await eventually(async () => {
      const now = childrenOf(row.id, tag);
      return now.length === 1 && now[0] !== first && now;
    }, 45_000, 'um só ffmpeg de playout, novo');
    await eventually(onAir, 45_000, 'a playlist volta ao ar');
    // the same broadcast, the same playlist, carrying on
    const st = await call('GET', '/api/streaming/status');
    assert.equal(st.transmission.codigo_playlist, playlist);
    assert.equal(st.transmission.id, started.transmission.id);
    await eventually(async () => {
      const n = await h.core.store.db.selectFrom('playout_plays').select('nome').where('process_id', '=', row.id).execute();
      return n.length > playsBefore.length;
    }, 30_000, 'continua tocando');
    await new Promise((res) => setTimeout(res, 3000));
    assert.equal(childrenOf(row.id, tag).length, 1);
    assert.equal(alive(first), false, 'o órfão foi encerrado');
  });
});

/**
 * Two media nodes on one database: each worker's engine runs the rows of its own node only.
 * The child is a stand-in that prints growing progress, so the state path is seen without ffmpeg.
 */
describe('media engine: one node never runs another node\'s rows', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h?.close());

  test('a row of node 1 runs on node 1 and is left alone by node 2; stopping it ends the child', async () => {
    const acc = await h.createAccount();
    const repo = createProcessesRepo();
    const row = await createProcesses({ repo }).create(h.core.store.db, {
      userId: acc.id, nodeId: 1, kind: 'restream', startAt: Date.now() - 1000, endAt: Date.now() + 60_000,
    });
    const started: number[] = [];
    const factory = async (r: { id: number }) => {
      started.push(r.id);
      return {
        command: process.execPath,
        args: ['-e', 'let n = 0; setInterval(() => console.log(`total_size=${(n += 10000)}`), 100)'],
        redact: (t: string) => t,
        progress: () => { let last = 0; return (l: string) => { const m = /^total_size=(\d+)/.exec(l); const grew = !!m && Number(m[1]) > last; if (m) last = Number(m[1]); return grew; }; },
        permanent: () => null,
      };
    };
    const engine = (nodeId: number) => createEngine({ db: h.core.store.db, repo, nodeId, tag: `${h.config.dataDir}#${nodeId}`, factories: { restream: factory }, log: () => {} });
    const other = engine(2);
    const mine = engine(1);
    try {
      await other.reconcile();
      assert.deepEqual(other.running(), []);
      assert.deepEqual(started, []);
      await mine.reconcile();
      assert.deepEqual(mine.running(), [row.id]);
      const live = await eventually(async () => {
        const r = await h.core.store.db.selectFrom('media_processes').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
        return r.state === 'live' && r;
      }, 5000, 'observado ao vivo');
      assert.ok(live.pid && live.started_at);
      await other.reconcile();
      assert.deepEqual(other.running(), []);

      await createProcesses({ repo }).stop(h.core.store.db, acc.id, row.id);
      await mine.reconcile();
      assert.deepEqual(mine.running(), []);
      const done = await h.core.store.db.selectFrom('media_processes').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      assert.deepEqual([done.state, done.pid, done.desired], ['finished', null, 'stopped']);
      assert.equal(alive(live.pid!), false);
    } finally {
      await mine.stop();
      await other.stop();
    }
  });
});

/**
 * One node, rows of three accounts: a live whose key carries a NUL byte (written straight into
 * the database, as a row made before the contract refused it would be: the real restream factory
 * builds its argv, which spawn refuses), a row whose spec's own code throws, and a healthy row
 * after both. A row's failure ends that row in error with its reason and never the tick.
 */
describe('media engine: one row\'s failure never stops the others', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h?.close());

  test('a poisoned row and a broken spec end in error with their reasons; the healthy row beside them runs', async () => {
    const db = h.core.store.db;
    const repo = createProcessesRepo();
    const processes = createProcesses({ repo });
    const newRow = async () => {
      const acc = await h.createAccount();
      const row = await processes.create(db, { userId: acc.id, nodeId: 1, kind: 'restream', startAt: Date.now() - 1000, endAt: Date.now() + 60_000 });
      return { acc, row };
    };
    const poisoned = await newRow();
    const broken = await newRow();
    const healthy = await newRow();
    const SECRET = 'secreta';
    await db.insertInto('lives').values({
      user_id: poisoned.acc.id, process_id: poisoned.row.id, tipo: 'youtube', servidor_rtmp: 'rtmp://8.8.8.8/live2',
      chave: h.core.sealer.seal(`chave\u0000${SECRET}`), servidor_stm: channelUrls(addressesOf(h.config), poisoned.acc.usuario).rtmpStream,
      transmission_id: null, created_at: new Date().toISOString(),
    }).execute();
    const restream = restreamChild({ db, repo: createLivesRepo(), sealer: h.core.sealer, guard: h.core.guard, config: h.config, apiUrl: 'http://127.0.0.1:1' });
    const factory: ChildFactory = async (r) => {
      if (r.id === poisoned.row.id) return restream(r);
      if (r.id === broken.row.id) return { ...ticker, progress: () => { throw new Error('defeito no código do filho'); } };
      return ticker;
    };
    const logs: string[] = [];
    const engine = createEngine({ db, repo, nodeId: 1, tag: `${h.config.dataDir}#1`, factories: { restream: factory }, log: (m) => logs.push(m) });
    const rowOf = (id: number) => db.selectFrom('media_processes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    try {
      await engine.reconcile();
      assert.deepEqual(engine.running(), [healthy.row.id]);
      const live = await eventually(async () => {
        const r = await rowOf(healthy.row.id);
        return r.state === 'live' && r;
      }, 5000, 'a linha saudável ao vivo');
      assert.ok(live.pid && alive(live.pid));

      const p = await eventually(async () => {
        const r = await rowOf(poisoned.row.id);
        return r.state === 'error' && r;
      }, 5000, 'a linha envenenada em erro');
      assert.deepEqual([p.desired, p.pid], ['stopped', null]);
      assert.ok(p.error?.startsWith(msg.processInvalidData), p.error ?? '');
      assert.match(p.error ?? '', /must be a string without null bytes/);
      // by code too: the system's detail is the message's value, the same as in the text
      const detail = (JSON.parse(p.error_values ?? '{}') as { detalhe?: string }).detalhe ?? '';
      assert.deepEqual([p.error_code, p.error], ['process_invalid_data', errorText('process_invalid_data', { detalhe: detail })]);
      const b = await eventually(async () => {
        const r = await rowOf(broken.row.id);
        return r.state === 'error' && r;
      }, 5000, 'a linha com defeito em erro');
      assert.deepEqual([b.desired, b.pid, b.error, b.error_code, b.error_values], ['stopped', null, msg.processFailed, 'process_failed', null]);
      // the key is never repeated: not in a row, not in the log
      for (const text of [p.error ?? '', p.error_values ?? '', b.error ?? '', ...logs]) assert.ok(!text.includes(SECRET), text);
      assert.ok(logs.some((l) => l.includes('defeito no código do filho')), 'the detail of the failure is logged');

      // the next tick leaves the failed rows alone and the healthy child as it is
      await engine.reconcile();
      assert.deepEqual(engine.running(), [healthy.row.id]);
      assert.equal((await rowOf(healthy.row.id)).pid, live.pid);
      assert.equal((await rowOf(poisoned.row.id)).state, 'error');
    } finally {
      await engine.stop();
    }
  });
});

/**
 * Why a row ended in error is stored by its code and the code's values beside its Portuguese text
 * (what the API answers and the panel shows in its user's language): a factory's or a preparation's
 * AppError and a spec's permanent reason as their codes say; any other exception of the panel's own
 * as process_failed, its text kept as it was.
 */
describe('media engine: a row\'s reason by code', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h?.close());

  test('AppErrors keep their code and values; other exceptions are process_failed with their text', async () => {
    const db = h.core.store.db;
    const repo = createProcessesRepo();
    const processes = createProcesses({ repo });
    const newRow = async () => (await processes.create(db, { userId: (await h.createAccount()).id, nodeId: 1, kind: 'restream', startAt: Date.now() - 1000, endAt: Date.now() + 60_000 })).id;
    const ids = {
      limit: await newRow(), internal: await newRow(), refused: await newRow(), broken: await newRow(), unreadable: await newRow(),
    };
    /** A child that says it was refused and exits: its spec judges the end permanent. */
    const refusedChild = { ...ticker, args: ['-e', 'console.error("chave recusada pelo destino"); process.exit(1)'], permanent: (tail: string[]) => (tail.some((l) => l.includes('recusada')) ? new AppError('live_refused') : null) };
    const factory: ChildFactory = async (r) => {
      if (r.id === ids.limit) throw new AppError('live_limit_running', { max: 2 });
      if (r.id === ids.internal) throw new Error('falha interna qualquer');
      if (r.id === ids.refused) return refusedChild;
      if (r.id === ids.broken) return { ...ticker, prepare: async () => { throw new AppError('playlist_all_broken'); } };
      return { ...ticker, prepare: async () => { throw new Error('disco ilegível'); } };
    };
    const engine = createEngine({ db, repo, nodeId: 1, tag: `${h.config.dataDir}#1`, factories: { restream: factory }, log: () => {}, backoff: { minMs: 100, maxMs: 200, resetAfterMs: 60_000 } });
    const ended = (id: number) => eventually(async () => {
      const r = await db.selectFrom('media_processes').select(['state', 'desired', 'error', 'error_code', 'error_values']).where('id', '=', id).executeTakeFirstOrThrow();
      return r.state === 'error' && r;
    }, 10_000, `linha ${id} em erro`);
    try {
      await engine.reconcile();
      assert.deepEqual(await ended(ids.limit), {
        state: 'error', desired: 'stopped', error: errorText('live_limit_running', { max: 2 }), error_code: 'live_limit_running', error_values: '{"max":2}',
      });
      assert.deepEqual(await ended(ids.internal), { state: 'error', desired: 'stopped', error: 'falha interna qualquer', error_code: 'process_failed', error_values: null });
      assert.deepEqual(await ended(ids.refused), { state: 'error', desired: 'stopped', error: msg.liveRefused, error_code: 'live_refused', error_values: null });
      assert.deepEqual(await ended(ids.broken), { state: 'error', desired: 'stopped', error: msg.playlistAllBroken, error_code: 'playlist_all_broken', error_values: null });
      assert.deepEqual(await ended(ids.unreadable), { state: 'error', desired: 'stopped', error: 'disco ilegível', error_code: 'process_failed', error_values: null });
    } finally {
      await engine.stop();
    }
  });
});

/**
 * The database away for a while (PostgreSQL restarting, ~10 s in production): every read and
 * write of the engine fails. The running child goes on untouched; one that restarts meanwhile
 * waits for the database to prepare instead of ending in error; a row whose start failed only
 * because of the database is tried again, not ended; what was observed meanwhile is written
 * once the database is back. The repository is wrapped to fail on demand.
 */
describe('media engine: the database away for a while', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h?.close());

  test('children keep running, nothing ends in error, the observations are written when it is back', async () => {
    const db = h.core.store.db;
    const real = createProcessesRepo();
    let away = false;
    /** The database answered the pass's read, then went away again (the factory's reads fail). */
    let readsWork = false;
    /** The preparation's own reads fail (it may succeed while the engine's writes still fail). */
    let prepareFails = false;
    const cut = () => new Error('Connection terminated unexpectedly');
    /** Every call the database refused: [method, row id, patch]. */
    const refused: [string, unknown, unknown][] = [];
    const repo = Object.fromEntries(Object.entries(real).map(([name, f]) => [name, (...args: unknown[]) => {
      if (!away || (readsWork && name === 'ofNode')) return (f as (...a: unknown[]) => Promise<unknown>)(...args);
      refused.push([name, args[1], args[2]]);
      return Promise.reject(cut());
    }])) as typeof real;
    const processes = createProcesses({ repo: real });
    const newRow = async () => processes.create(db, { userId: (await h.createAccount()).id, nodeId: 1, kind: 'restream', startAt: Date.now() - 1000, endAt: Date.now() + 120_000 });
    const a = await newRow();
    const prepared: number[] = [];
    const factory: ChildFactory = async (r) => {
      // not an error of a known kind: the engine asks the database whether it is there
      if (away) throw new Error('falha ao ler a linha');
      return {
        ...ticker,
        prepare: async () => {
          if (prepareFails) throw cut();
          prepared.push(r.id);
        },
      };
    };
    const logs: string[] = [];
    const engine = createEngine({
      db, repo, nodeId: 1, tag: `${h.config.dataDir}#1`, factories: { restream: factory }, log: (m) => logs.push(m),
      backoff: { minMs: 100, maxMs: 200, resetAfterMs: 60_000 }, dbRetryMs: 100,
    });
    const rowOf = (id: number) => db.selectFrom('media_processes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    try {
      await engine.reconcile();
      const live = await eventually(async () => {
        const r = await rowOf(a.id);
        return r.state === 'live' && r;
      }, 5000, 'no ar');
      const first = live.pid!;

      away = true;
      await assert.rejects(engine.reconcile());
      // nothing stopped or restarted by the failed pass
      assert.deepEqual(engine.running(), [a.id]);
      assert.ok(alive(first));

      // the child dies while the database is away: it is restarted once the database answers again
      prepareFails = true;
      process.kill(first, 'SIGKILL');
      await eventually(async () => logs.some((l) => l.includes('banco de dados indisponível ao preparar')), 5000, 'preparo esperando o banco');
      // a row created just before, whose start fails only because the database went away meanwhile
      const b = await newRow();
      readsWork = true;
      await engine.reconcile();
      readsWork = false;
      assert.deepEqual(engine.running(), [a.id]);
      await new Promise((r) => setTimeout(r, 500));
      assert.deepEqual(engine.running(), [a.id], 'the restarting row is still the engine\'s');
      // nothing it observed meanwhile reached the database (its row still says live, with the dead pid)
      assert.deepEqual([(await rowOf(a.id)).state, (await rowOf(a.id)).pid], ['live', first]);
      assert.notEqual((await rowOf(b.id)).state, 'error');

      // its preparation gets through: the child runs again, and what the engine saw is not written
      prepareFails = false;
      await eventually(async () => refused.some(([m, id, patch]) => m === 'observe' && id === a.id && (patch as { state?: string }).state === 'live'), 10_000, 'no ar de novo, sem gravar');
      assert.deepEqual([(await rowOf(a.id)).state, (await rowOf(a.id)).pid], ['live', first]);
      away = false;
      // the next pass writes it: no new observation of the child is needed
      await engine.reconcile();
      const again = await eventually(async () => {
        const r = await rowOf(a.id);
        return r.state === 'live' && r.pid !== first && r;
      }, 5000, 'de volta, com o estado gravado');
      assert.ok(again.pid && alive(again.pid));
      assert.equal(again.desired, 'running');
      assert.ok(again.restarts >= 1);
      const rb = await eventually(async () => {
        const r = await rowOf(b.id);
        return r.state === 'live' && r;
      }, 5000, 'a linha nova iniciada depois');
      assert.deepEqual([rb.desired, rb.error], ['running', null]);
      assert.deepEqual(engine.running().sort(), [a.id, b.id].sort());
      assert.ok(prepared.filter((id) => id === a.id).length >= 2);
    } finally {
      await engine.stop();
    }
  });
});

/**
 * Many rows taken up at once (a worker's restart with fifty channels): at most maxStarting
 * children start together, and each one that gets going lets the next row start at once,
 * without waiting for the next tick.
 */
describe('media engine: many rows taken up together', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h?.close());

  test('no more than maxStarting at once; the rest follow as the first ones get going', async () => {
    const db = h.core.store.db;
    const repo = createProcessesRepo();
    const processes = createProcesses({ repo });
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push((await processes.create(db, { userId: (await h.createAccount()).id, nodeId: 1, kind: 'restream', startAt: Date.now() - 1000, endAt: Date.now() + 60_000 })).id);
    }
    // a child whose output starts after 300 ms, as an ffmpeg connecting to its destination; each
    // row's start is timed from its factory call to its first output that grew
    const spans = new Map<number, { from: number; to: number }>();
    const factory: ChildFactory = async (r) => {
      spans.set(r.id, { from: Date.now(), to: Infinity });
      return {
        command: process.execPath,
        args: ['-e', 'let n = 0; setTimeout(() => setInterval(() => console.log(`total_size=${(n += 10000)}`), 50), 300)'],
        redact: (t: string) => t,
        progress: () => (l: string) => {
          const grew = /^total_size=\d+/.test(l);
          const span = spans.get(r.id)!;
          if (grew && span.to === Infinity) span.to = Date.now();
          return grew;
        },
        permanent: () => null,
      };
    };
    const engine = createEngine({ db, repo, nodeId: 1, tag: `${h.config.dataDir}#1`, factories: { restream: factory }, log: () => {}, maxStarting: 2 });
    const states = async () => (await db.selectFrom('media_processes').select('state').where('id', 'in', ids).execute()).map((r) => r.state);
    try {
      await engine.reconcile();
      assert.deepEqual(engine.running(), ids.slice(0, 2));
      // no other pass is asked for: the engine starts the next rows itself as slots free
      await eventually(async () => (await states()).every((s) => s === 'live') && engine.running().length === 6, 10_000, 'todas no ar');
      const all = [...spans.values()];
      const most = Math.max(...all.map((a) => all.filter((b) => b.from <= a.from && a.from < b.to).length));
      assert.equal(spans.size, 6);
      assert.ok(most <= 2, `iniciando ao mesmo tempo: ${most}`);
    } finally {
      await engine.stop();
    }
  });
});

describe('media engine: the clock moved back after a start', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h?.close());

  test('a running child stays as it is; a row that never started waits for its time', async () => {
    const db = h.core.store.db;
    const repo = createProcessesRepo();
    const processes = createProcesses({ repo });
    const acc = await h.createAccount();
    const started = await processes.create(db, { userId: acc.id, nodeId: 1, kind: 'restream', startAt: Date.now() - 1000, endAt: Date.now() + 3 * 3_600_000 });
    const later = await processes.create(db, { userId: (await h.createAccount()).id, nodeId: 1, kind: 'restream', startAt: Date.now() + 30 * 60_000, endAt: Date.now() + 3 * 3_600_000 });
    const engine = createEngine({ db, repo, nodeId: 1, tag: `${h.config.dataDir}#1`, factories: { restream: async () => ticker }, log: () => {} });
    const rowOf = (id: number) => db.selectFrom('media_processes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    try {
      await engine.reconcile();
      const live = await eventually(async () => {
        const r = await rowOf(started.id);
        return r.state === 'live' && r;
      }, 5000, 'no ar');
      // an hour back: the started row is before its start time again, the other one further from its own
      await engine.reconcile(Date.now() - 3_600_000);
      assert.deepEqual(engine.running(), [started.id]);
      const after = await rowOf(started.id);
      assert.deepEqual([after.state, after.pid], ['live', live.pid]);
      assert.ok(alive(live.pid!));
      assert.equal((await rowOf(later.id)).state, 'scheduled');
    } finally {
      await engine.stop();
    }
  });
});
