import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { z } from 'zod';
import { errorText } from '@painel/contract';
import { CONNECT_TIMEOUT_MS, isDatabaseUnavailable } from '../platform/db.ts';
import { createJobRunner, createJobs, type JobRunner } from '../platform/jobs.ts';
import { formatZoned } from '../platform/zoned-time.ts';
import { NGINX_SERVICE } from '../modules/media/media-server.ts';
import { bearerHeader } from '../testing/harness.ts';
import { leftovers, makeChannelClip, multipart, newFolder, upload } from '../testing/library.ts';
import { eventually, startLiveStack, type LiveStack } from '../testing/live.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../testing/private-postgres.ts';
import { startRtmpDestination, type RtmpDestination } from '../testing/rtmp-destination.ts';

/** How long PostgreSQL stays stopped: a service restart with a slow start, as the issue names it. */
const OUTAGE_MS = 10_000;

/** An upload to the listening API whose body is sent in two halves, the second when `rest` is called. */
function slowUpload(apiUrl: string, token: string, folderId: number, name: string, content: Buffer) {
  const body = multipart(name, content);
  const half = Math.floor(content.length / 2);
  let answer!: (r: { status: number; body: string }) => void;
  const done = new Promise<{ status: number; body: string }>((r) => (answer = r));
  const req = http.request(`${apiUrl}/api/videos/upload?folder_id=${folderId}`, {
    method: 'POST', headers: { ...bearerHeader(token), 'content-type': body.contentType, 'content-length': String(body.payload.length) },
  }, (res) => {
    let text = '';
    res.setEncoding('utf8').on('data', (d) => (text += d)).on('end', () => answer({ status: res.statusCode ?? 0, body: text }));
  });
  req.on('error', (e) => answer({ status: 0, body: e.message }));
  req.write(Buffer.concat([body.head, content.subarray(0, half)]));
  return {
    done,
    rest() {
      req.end(Buffer.concat([content.subarray(half), body.tail]));
      return done;
    },
  };
}

/**
 * PostgreSQL stops (fast: sessions ended, as a service restart does) for 10 s and starts again
 * while an account has uploads half-sent, a playlist broadcast on air and a restream of it to a
 * platform. The user must see a 503 `database_unavailable` (never a 500, never a request that
 * hangs), the media keeps flowing, an upload completes or leaves nothing, and everything comes
 * back by itself: the API, and the worker's writes (process rows, heartbeats, jobs).
 */
describe('fault: PostgreSQL restarted', () => {
  let pg: PrivatePostgres;
  let dest: RtmpDestination;
  let s: LiveStack;
  let dir: string;
  let runner: JobRunner | undefined;
  let a: { id: number; usuario: string; token: string };
  let folder = 0;
  let playlistId = 0;
  const TZ = 'America/Sao_Paulo';

  const db = () => s.h.core.store.db;
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    s.h.app.inject({ method, url, headers: bearerHeader(a.token), ...(payload ? { payload } : {}) });
  const processes = () => db().selectFrom('media_processes').select(['id', 'kind', 'state', 'pid', 'restarts', 'desired']).where('user_id', '=', a.id).execute();
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-pg-restart-'));
    pg = await startPrivatePostgres();
    dest = await startRtmpDestination({ keys: ['chave-live'] });
    s = await startLiveStack({
      env: { DATABASE_URL: pg.url, OUTBOUND_ALLOW: dest.allowEntry, HLS_FRAGMENT_SECONDS: '1', HLS_PLAYLIST_SECONDS: '6' },
      worker: { engine: { backoff: { minMs: 300, maxMs: 1500, resetAfterMs: 60_000 }, staleAfterMs: 8000, ioTimeoutSeconds: 5 } },
    });
    const acc = await s.h.createAccount({ bitrate: 3000, espaco: 2000 });
    a = { id: acc.id, usuario: acc.usuario, token: await s.h.login(acc.email, acc.password) };
    folder = await newFolder(s.h, a.token, 'Canal');
    const ids: number[] = [];
    // 8-s videos: the playout plans two ahead, so its run outlasts the outage by a few seconds
    for (const [name, src] of [['um', 'testsrc'], ['dois', 'testsrc2']] as const) {
      const r = await upload(s.h, a.token, folder, `${name}.mp4`, makeChannelClip(dir, name, src, 8));
      assert.equal(r.statusCode, 200, r.body);
      ids.push(r.json<{ video: { id: number } }>().video.id);
    }
    playlistId = (await api('POST', '/api/playlists', { nome: 'Noite' })).json<{ id: number }>().id;
    const saved = await api('PUT', `/api/playlists/${playlistId}`, { videos: ids.map((id, i) => ({ id, ordem: i + 1 })) });
    assert.equal(saved.statusCode, 200, saved.body);
  });
  after(async () => {
    // whatever happened, the database is back before the stack closes its connections
    if (pg && !(await pg.running())) await pg.start().catch(() => {});
    await runner?.stop().catch(() => {});
    await s?.close();
    await dest?.close();
    await pg?.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('stop, 10 s, start: 503 while away, media on air throughout, uploads whole or gone, recovery by itself', async () => {
    // on air: the playlist broadcast, and its restream to the platform (read from nginx's RTMP)
    const started = await api('POST', '/api/streaming/start', { playlist_id: playlistId });
    assert.equal(started.statusCode, 200, started.body);
    await eventually(async () => (await api('GET', '/api/streaming/status')).json().is_live, 30_000, 'playlist no ar');
    const source = (await api('GET', '/api/streaming/source-urls')).json().source_urls.rtmp as string;
    const live = await api('POST', '/api/streaming/start-live', {
      tipo: 'youtube', servidor_rtmp: dest.server, servidor_rtmp_chave: 'chave-live', servidor_stm: source,
      data_inicio: '', data_fim: formatZoned(Date.now() + 3_600_000, TZ), inicio_imediato: 'sim',
    });
    assert.equal(live.statusCode, 200, live.body);
    await eventually(async () => (await dest.received('chave-live')).publishing, 20_000, 'live no destino');
    const on = await eventually(async () => {
      const rows = (await processes()).filter((r) => r.desired === 'running');
      return rows.length === 2 && rows.every((r) => r.state === 'live' && r.pid !== null) && rows;
    }, 20_000, 'playout e restream no ar');
    const pids = new Map(on.map((r) => [r.kind, r.pid!]));
    // a viewer of the channel's HLS (the API serves its playlist)
    const hls = () => fetch(`${s.apiUrl}/hls/${a.usuario}_live.m3u8`).then((r) => r.status);
    assert.equal(await hls(), 200);

    // a finite job of the worker's queue, running when the database stops and ending while it is away
    const jobs = createJobs({ db: db() });
    const gate = path.join(dir, 'gate');
    runner = createJobRunner({
      db: db(), dialect: s.h.core.store.dialect, nodeId: s.h.config.media.nodeId, workRoot: path.join(dir, 'jobs'),
      leaseMs: s.h.config.tools.jobLeaseMs, tickMs: 100, log: () => {},
      kinds: [{
        kind: 'falha-pg', input: z.object({}), slots: 1,
        run: async (ctx) => {
          while (!fs.existsSync(gate) && !ctx.signal.aborted) await sleep(50);
          return { ok: true };
        },
      }],
    });
    runner.start();
    const job = (await jobs.enqueue(db(), { kind: 'falha-pg', input: z.object({}) }, { userId: a.id, input: {} }))!;
    await eventually(async () => runner!.running().includes(job.id), 5000, 'tarefa em execução');

    // two uploads half-sent: one ends while the database is away, the other after it is back
    const clip = makeChannelClip(dir, 'tres', 'smptebars', 4);
    const during = slowUpload(s.apiUrl, a.token, folder, 'durante.mp4', clip);
    const across = slowUpload(s.apiUrl, a.token, folder, 'depois.mp4', clip);
    const reservations = async () => (await db().selectFrom('upload_reservations').select('id').where('user_id', '=', a.id).execute()).length;
    await eventually(async () => (await reservations()) === 2, 5000, 'envios em andamento');

    // a transaction open when the database stops: its connection is checked out of the pool,
    // and the end of that connection must fail its next query, not the process
    let inTx!: () => void;
    const txHeld = new Promise<void>((r) => (inTx = r));
    let release!: () => void;
    const txGo = new Promise<void>((r) => (release = r));
    const tx = db().transaction().execute(async (t) => {
      await sql`select 1`.execute(t);
      inTx();
      await txGo;
      await sql`select 1`.execute(t);
    }).then(() => null, (e: unknown) => e);
    await txHeld;

    // what the platform receives, sampled through the outage: the longest time without new bytes,
    // and whether the playout's ffmpeg is still the same process
    let lastBytes = (await dest.received('chave-live')).bytes;
    let lastGrowth = Date.now();
    let longestGap = 0;
    let playoutGoneAt = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        if (!playoutGoneAt && !alive(pids.get('playout')!)) playoutGoneAt = Date.now();
        const { bytes } = await dest.received('chave-live');
        longestGap = Math.max(longestGap, Date.now() - lastGrowth);
        if (bytes > lastBytes) {
          lastBytes = bytes;
          lastGrowth = Date.now();
        }
        await sleep(250);
      }
    })();

    try {
      const t0 = Date.now();
      await pg.stop('fast');
      const stopped = Date.now();
      release();
      const txError = await tx;
      assert.ok(isDatabaseUnavailable(txError), `a transação aberta falhou com: ${String(txError)}`);

      // while away: every request is a bounded 503 database_unavailable, health says the database is down
      const answers: { status: number; code: string; ms: number }[] = [];
      const hlsDuring = new Map<number, number>();
      let uploadDuring: { status: number; body: string } | null = null;
      while (Date.now() - stopped < OUTAGE_MS) {
        const at = Date.now();
        const r = await api('GET', '/api/streaming/status');
        answers.push({ status: r.statusCode, code: r.json().code, ms: Date.now() - at });
        const health = await fetch(`${s.apiUrl}/api/health`);
        assert.equal(health.status, 503);
        assert.equal((await health.json()).components.database, 'down');
        const h = await hls();
        hlsDuring.set(h, (hlsDuring.get(h) ?? 0) + 1);
        if (!uploadDuring && Date.now() - stopped > OUTAGE_MS / 2) {
          uploadDuring = await during.rest();
          fs.writeFileSync(gate, ''); // and the job ends now
        }
        await sleep(500);
      }
      const visitor = await s.h.app.inject({ url: '/api/health', remoteAddress: '203.0.113.9' });
      assert.equal(visitor.statusCode, 503);
      assert.equal(visitor.json().components.database, 'down');
      assert.ok(answers.length >= 5, JSON.stringify(answers));
      for (const r of answers) {
        assert.deepEqual([r.status, r.code], [503, 'database_unavailable'], JSON.stringify(answers));
        // answered by the connect timeout, not left hanging (the slack is a loaded machine's)
        assert.ok(r.ms < CONNECT_TIMEOUT_MS + 10_000, `uma requisição levou ${r.ms} ms`);
      }
      // viewers kept watching: the playlist served from the broadcast as last read
      assert.deepEqual([...hlsDuring.keys()], [200], JSON.stringify([...hlsDuring]));
      assert.equal(uploadDuring?.status, 503, uploadDuring?.body);
      assert.equal(JSON.parse(uploadDuring!.body).error, errorText('database_unavailable'));

      const starting = Date.now();
      await pg.start();
      const up = Date.now();
      await eventually(async () => (await api('GET', '/api/streaming/status')).statusCode === 200, 30_000, 'API de volta');
      const recovered = Date.now();
      assert.equal((await fetch(`${s.apiUrl}/api/health`)).status, 200);
      assert.equal(await hls(), 200);

      // the upload that ended after the restart is whole; the one that ended during it left no row, no file
      const uploadAcross = await across.rest();
      assert.equal(uploadAcross.status, 200, uploadAcross.body);
      const names = (await db().selectFrom('videos').select('nome').where('user_id', '=', a.id).execute()).map((v) => v.nome).sort();
      assert.deepEqual(names, ['depois.mp4', 'dois.mp4', 'um.mp4']);
      const files = leftovers(s.h, a.usuario);
      assert.equal(files.account.filter((f) => f.endsWith('.mp4')).length, 3, JSON.stringify(files));
      assert.deepEqual(files.incoming.filter((f) => f.startsWith('up-')), []);
      // its space reservation: released as soon as the database answers, not left to go stale
      await eventually(async () => (await reservations()) === 0, 5000, 'reserva do envio que falhou liberada');

      // the job that ended during the outage is recorded once the database is back: done, on its first attempt
      const ended = await eventually(async () => {
        const row = await db().selectFrom('jobs').select(['state', 'attempts', 'error']).where('id', '=', job.id).executeTakeFirst();
        return row?.state !== 'running' && row;
      }, 15_000, 'tarefa terminada');
      assert.deepEqual(ended, { state: 'done', attempts: 1, error: null });

      // the media never stopped: the restream and the playout are the same ffmpeg; the platform
      // kept receiving; the worker's rows and heartbeat are right again
      await sleep(2000);
      sampling = false;
      const rows = (await processes()).filter((r) => r.desired === 'running');
      for (const r of rows) {
        assert.equal(r.state, 'live', JSON.stringify(rows));
        assert.equal(r.restarts, 0, JSON.stringify(rows));
        assert.ok(r.pid !== null && alive(r.pid), `${r.kind}: pid ${r.pid} não existe`);
      }
      assert.equal(rows.find((r) => r.kind === 'restream')?.pid, pids.get('restream'), 'o ffmpeg do restream foi reiniciado');
      assert.equal(playoutGoneAt, 0, `o ffmpeg do playout foi trocado aos ${((playoutGoneAt - t0) / 1000).toFixed(1)} s`);
      assert.equal(rows.find((r) => r.kind === 'playout')?.pid, pids.get('playout'), 'o ffmpeg do playout foi reiniciado');
      assert.equal((await dest.received('chave-live')).publishing, true);
      // a restarted restream would leave it without bytes far longer than a loaded machine's late packet
      assert.ok(longestGap < 8000, `o destino ficou ${longestGap} ms sem receber nada`);
      const nginx = await db().selectFrom('media_services').select('state').where('name', '=', NGINX_SERVICE).executeTakeFirstOrThrow();
      assert.equal(nginx.state, 'running');
      await eventually(async () => {
        const row = await db().selectFrom('media_services').select('heartbeat_at').where('name', '=', NGINX_SERVICE).executeTakeFirstOrThrow();
        return Date.now() - Date.parse(row.heartbeat_at!) < 3000;
      }, 5000, 'batida do worker gravada de novo');
      assert.equal((await api('GET', '/api/streaming/status')).json().is_live, true);

      console.log(`FALHA postgres-restart: API recuperada ${((recovered - up) / 1000).toFixed(1)} s depois de o PostgreSQL aceitar conexões `
        + `(que levou ${((up - starting) / 1000).toFixed(1)} s para iniciar; ${((recovered - t0) / 1000).toFixed(1)} s fora ao todo); ${answers.length} pedidos à API durante a queda: 503 database_unavailable `
        + `(o mais lento em ${Math.max(...answers.map((r) => r.ms))} ms); maior intervalo sem bytes no destino: ${longestGap} ms; `
        + `restream e playout: mesmos ffmpeg; playlist HLS durante a queda: ${[...hlsDuring].map(([k, v]) => `${v}× ${k}`).join(', ')}; `
        + 'envio terminado durante: 503, sem linha nem arquivo, reserva liberada; '
        + 'envio terminado depois: concluído; tarefa terminada durante: gravada depois, 1 tentativa');
    } finally {
      sampling = false;
      release();
      await sampler;
    }
  });
});
