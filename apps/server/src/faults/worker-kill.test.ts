import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import type { LiveRecord, RecordingsResponse, StatusResponse } from '@painel/contract';
import { testStreamArgs } from '@painel/media/test-stream';
import { formatZoned } from '../platform/zoned-time.ts';
import { eventually } from '../testing/live.ts';
import { startStack, type Stack } from '../testing/product.ts';
import { playable, probeDuration, videoFile } from '../testing/recorded.ts';
import { startRtmpDestination, type RtmpDestination } from '../testing/rtmp-destination.ts';

const KEY = 'chave-do-canal';
/** The product's promise: restreams and the playout may restart within this long. */
const RESTART_MS = 15_000;
/** Slack for a loaded 2-core machine (2–5× slower): the bound tells a restart from none; the figure is logged either way. */
const SLACK_MS = 45_000;
/** The recording's resume gap: short, so the broadcast's end is joined within seconds. */
const GAP_SECONDS = 3;
/** nginx's HLS fragment (and the recorder's MP4 fragment at most): what the recorder reads and writes at a time. */
const FRAGMENT_S = 2;

/** The children of a process, from /proc (every thread's list). */
function childrenOf(pid: number): number[] {
  const tasks = fs.readdirSync(`/proc/${pid}/task`);
  return tasks.flatMap((t) => {
    try {
      return fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

const cmdlineOf = (pid: number): string => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
};

/** The last fragment nginx listed in a stream's HLS playlist, read from DATA_DIR/hls. */
function lastFragment(dataDir: string, stream: string): string | null {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'hls', `${stream}.m3u8`), 'utf8').split('\n').filter((l) => l.endsWith('.ts'));
    return lines.at(-1) ?? null;
  } catch {
    return null;
  }
}

/**
 * Fault: the media worker killed (SIGKILL) while OBS is live, a restream pushes the channel
 * to a platform and the broadcast is recorded. The worker is start.ts's supervised child; nginx-rtmp is the worker's child in
 * its own process group. The promise: the restart is invisible to OBS and to viewers — the new
 * worker adopts the running nginx — and the restream is back within 15 s; the recording goes on
 * across the restart and ends as one playable MP4 in 'Gravações' with all of the broadcast but
 * the few seconds around the worker's death.
 */
describe('fault: the media worker killed with OBS live', () => {
  let stack: Stack;
  let dest: RtmpDestination;
  let obs: ChildProcess | undefined;
  let obsExit: string | null = null;
  let token = '';
  let usuario = '';
  /** When OBS was started and the status saw it live, when the worker was killed and came back (ms): the recording's figures. */
  let obsAt = 0;
  let onAirAt = 0;
  let killedAt = 0;
  let workerBackMs = 0;
  const api = async <T>(url: string, init: { method?: string; body?: object } = {}): Promise<T> => {
    const r = await fetch(`${stack.baseUrl}${url}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    const body = (await r.json()) as T;
    assert.ok(r.ok, `${url}: ${r.status} ${JSON.stringify(body)}`);
    return body;
  };
  const status = () => api<StatusResponse>('/api/streaming/status');
  /** The account's restream (the list also shows OBS itself as a row). */
  const restream = async () => (await api<{ lives: LiveRecord[] }>('/api/streaming/lives')).lives.find((l) => l.tipo !== 'obs');

  /** The restream's ffmpeg as the engine recorded it (SQLite in WAL: a reader beside the running processes). */
  const restreamPid = (): number | null => {
    const db = new Database(path.join(stack.dataDir, 'painel.db'), { readonly: true, fileMustExist: true });
    try {
      return (db.prepare("SELECT pid FROM media_processes WHERE kind = 'restream'").get() as { pid: number | null } | undefined)?.pid ?? null;
    } finally {
      db.close();
    }
  };

  before(async () => {
    dest = await startRtmpDestination({ keys: [KEY] });
    stack = await startStack({ OUTBOUND_ALLOW: dest.allowEntry, RECORDING_GAP_SECONDS: String(GAP_SECONDS) });
    const acc = await stack.addAccount();
    usuario = acc.usuario;
    const login = await fetch(`${stack.baseUrl}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: acc.email, password: acc.password }),
    });
    token = ((await login.json()) as { token: string }).token;
    // every OBS broadcast of the account is recorded
    await api('/api/gravacoes/config', { method: 'PUT', body: { ativo: true } });
    await eventually(async () => {
      const h = (await (await fetch(`${stack.baseUrl}/api/health`)).json()) as { components: Record<string, string> };
      return Object.values(h.components).every((s) => s === 'ok');
    }, 30_000, 'servidor de mídia no ar');
  });
  after(async () => {
    if (obs && obs.exitCode === null && obs.signalCode === null) obs.kill('SIGKILL');
    await stack?.stop();
    await dest?.close();
  });

  test('OBS stays connected, nginx keeps its pid, the HLS keeps advancing, the restream is back by itself', { timeout: 180_000 }, async () => {
    const { rtmp } = await api<{ rtmp: { servidor: string; chave: string } }>('/api/dados-conexao');
    obsAt = Date.now();
    obs = spawn('ffmpeg', testStreamArgs({ url: `${rtmp.servidor}/${rtmp.chave}`, videoKbps: 600, keyframeSeconds: 1 }), { stdio: ['ignore', 'ignore', 'ignore'] });
    obs.once('exit', (code, signal) => (obsExit = `código ${code}, sinal ${signal}`));
    await eventually(async () => (await status()).is_live, 20_000, 'OBS ao vivo');
    onAirAt = Date.now();

    const { source_urls: sources } = await api<{ source_urls: { rtmp: string } }>('/api/streaming/source-urls');
    await api('/api/streaming/start-live', {
      method: 'POST',
      body: {
        tipo: 'youtube', servidor_rtmp: dest.server, servidor_rtmp_chave: KEY, servidor_stm: sources.rtmp,
        data_inicio: '', data_fim: formatZoned(Date.now() + 3_600_000, 'America/Sao_Paulo'), inicio_imediato: 'sim',
      },
    });
    await eventually(async () => (await restream())?.estado === 'live' && (await dest.received(KEY)).publishing, 30_000, 'restream no ar');

    const stream = `${usuario}_live`;
    const workers = childrenOf(stack.pid).filter((p) => cmdlineOf(p).includes('worker.ts'));
    assert.equal(workers.length, 1, `workers: ${workers.join(', ')}`);
    const worker = workers[0]!;
    const nginxPidFile = path.join(stack.dataDir, 'nginx', 'nginx.pid');
    const nginx = Number(fs.readFileSync(nginxPidFile, 'utf8').trim());
    assert.ok(cmdlineOf(nginx).includes('nginx'), cmdlineOf(nginx));

    // watched from before the kill to the end: what viewers (HLS), the owner (status) and OBS see
    let sampling = true;
    const notLive: number[] = [];
    /** Readings where the lives page said the restream transmits while the platform received nothing. */
    let restreamShownOff = 0;
    let lastSeen = lastFragment(stack.dataDir, stream);
    let lastChange = Date.now();
    let longestGap = 0;
    const sampler = (async () => {
      while (sampling) {
        const f = lastFragment(stack.dataDir, stream);
        if (f !== lastSeen) {
          longestGap = Math.max(longestGap, Date.now() - lastChange);
          lastSeen = f;
          lastChange = Date.now();
        }
        const [live, shown, got] = await Promise.all([
          status().then((s) => s.is_live, () => null), restream().then((l) => l?.estado === 'live', () => null), dest.received(KEY),
        ]);
        if (live === false) notLive.push(Date.now());
        if (shown && !got.publishing) restreamShownOff += 1;
        await sleep(250);
      }
    })();

    // the recorder is writing when the worker dies
    await eventually(async () => {
      const r = await api<RecordingsResponse>('/api/gravacoes');
      return r.gravacoes[0]?.estado === 'gravando' && r.gravacoes[0].tamanho > 0;
    }, 20_000, 'gravação em curso');
    const oldRestream = restreamPid();
    assert.ok(oldRestream && cmdlineOf(oldRestream).includes('ffmpeg'), `restream: ${oldRestream}`);
    const t0 = Date.now();
    killedAt = t0;
    process.kill(worker, 'SIGKILL');
    let next = 0;
    let workerBack = 0;
    let restreamBack = 0;
    try {
      next = await eventually(async () => childrenOf(stack.pid).find((p) => p !== worker && cmdlineOf(p).includes('worker.ts')), 20_000, 'novo worker');
      workerBack = (Date.now() - t0) / 1000;
      await eventually(async () => {
        const h = (await (await fetch(`${stack.baseUrl}/api/health`)).json()) as { components: Record<string, string> };
        return Object.values(h.components).every((s) => s === 'ok');
      }, 20_000, 'saúde de volta');
      workerBackMs = Date.now() - t0;
      // the new worker has set up its nginx by now: the one OBS is connected to, still
      assert.equal(obsExit, null, 'o OBS foi desconectado');
      assert.equal(Number(fs.readFileSync(nginxPidFile, 'utf8').trim()), nginx, 'o nginx foi substituído');
      // the restream: the old worker's ffmpeg, once the new worker has taken the row (a new pid, or
      // the same one still alive a while after the new worker started), pushing again
      const newWorkerAt = Date.now();
      await eventually(async () => {
        const pid = restreamPid();
        if (!pid || !cmdlineOf(pid).includes('ffmpeg') || (pid === oldRestream && Date.now() - newWorkerAt < 5000)) return false;
        const got = await dest.received(KEY);
        if (!got.publishing || (await restream())?.estado !== 'live') return false;
        await sleep(1000);
        return (await dest.received(KEY)).bytes > got.bytes;
      }, RESTART_MS + SLACK_MS, 'restream de volta');
      restreamBack = (Date.now() - t0) / 1000;
      // a few more fragments, so an nginx replaced late would show
      const seen = lastSeen;
      await eventually(async () => lastFragment(stack.dataDir, stream) !== seen, 10_000, 'HLS avança depois do novo worker');
    } finally {
      sampling = false;
      await sampler;
    }

    console.log(`FALHA worker-morto: recuperado em ${workerBack.toFixed(1)} s (novo worker); restream de volta em ${restreamBack.toFixed(1)} s (ffmpeg ${oldRestream} → ${restreamPid()}); `
      + `OBS ${obsExit ?? 'conectado'}; nginx ${nginx} → ${fs.readFileSync(nginxPidFile, 'utf8').trim()}; maior intervalo entre fragmentos HLS ${(longestGap / 1000).toFixed(1)} s; `
      + `status fora do ar em ${notLive.length} leitura(s); restream "transmitindo" sem a plataforma receber em ${restreamShownOff} leitura(s)`);
    assert.notEqual(next, worker);
    assert.equal(obsExit, null, 'o OBS foi desconectado');
    assert.equal(Number(fs.readFileSync(nginxPidFile, 'utf8').trim()), nginx, 'o nginx foi substituído');
    assert.ok(cmdlineOf(nginx).includes('nginx'), 'o nginx morreu');
    assert.deepEqual(notLive, [], 'o status disse que o canal saiu do ar');
    // 2-s fragments: nginx replaced would stall it for far longer than a loaded machine's late fragment
    assert.ok(longestGap < 10_000, `o HLS parou por ${longestGap} ms`);
    assert.ok(restreamBack * 1000 <= RESTART_MS + SLACK_MS, `restream de volta em ${restreamBack} s`);
    const r = await fetch(`${stack.baseUrl}/hls/${stream}.m3u8`);
    assert.equal(r.status, 200, 'a playlist continua servida');
  });

  test('the recording made across the kill ends, once OBS stops, as one MP4 in Gravações that plays to its end', { timeout: 180_000 }, async () => {
    assert.ok(killedAt && obs, 'o worker não chegou a ser morto com o OBS no ar');
    assert.equal(obsExit, null, 'o OBS foi desconectado');
    // what the recorder wrote until the worker died is a part of its own, beside the one the new worker's recorder writes
    const [recording] = (await api<RecordingsResponse>('/api/gravacoes')).gravacoes;
    assert.equal(recording?.estado, 'gravando', JSON.stringify(recording));
    const dir = path.join(stack.dataDir, 'storage', '.recordings', String(recording.id));
    const firstPart = await eventually(async () => {
      const names = fs.readdirSync(dir);
      return names.includes('current.mp4') && names.filter((n) => /^part-\d+\.mp4$/.test(n)).sort()[0];
    }, 20_000, 'a parte gravada antes da morte do worker');
    const beforeKillS = await probeDuration(path.join(dir, firstPart));
    const killedAtS = (killedAt - onAirAt) / 1000;
    assert.ok(beforeKillS >= killedAtS - FRAGMENT_S, `parte de antes da morte: ${beforeKillS} s, o worker morreu aos ${killedAtS.toFixed(1)} s`);
    // OBS stops as a user does (ffmpeg's own end on SIGINT: the RTMP session is closed properly)
    const ended = new Promise((r) => obs!.once('exit', r));
    obs.kill('SIGINT');
    // the broadcast lasted at least from the status's first "live" and at most from OBS's start
    const onAirS = (Date.now() - onAirAt) / 1000;
    const obsS = (Date.now() - obsAt) / 1000;
    await ended;
    const doneAt = Date.now();
    const done = await eventually(async () => {
      const r = await api<RecordingsResponse>('/api/gravacoes');
      return r.gravacoes.length > 0 && r.gravacoes.every((g) => g.estado === 'concluida' || g.estado === 'falhou') && !r.gravando && r.gravacoes;
    }, 45_000, 'gravação concluída');
    const joinS = (Date.now() - doneAt) / 1000;
    // one broadcast, one recording: the worker's restart neither split it nor lost it
    assert.equal(done.length, 1, JSON.stringify(done));
    const rec = done[0]!;
    assert.equal(rec.estado, 'concluida', JSON.stringify(rec));
    assert.equal(rec.motivo_parada, null);
    assert.ok(rec.video_id, JSON.stringify(rec));
    const file = videoFile(stack.dataDir, rec.video_id);
    const p = await playable(file);
    // all of the broadcast but what the recorder may have missed while no worker ran: from the kill
    // until the new worker was back (its recorder starts at the newest fragment), and the fragment
    // under way; never more than the broadcast (a part copied twice would show). Losing what was
    // recorded before the kill, or after it, takes more than that.
    const min = onAirS - workerBackMs / 1000 - FRAGMENT_S;
    const max = obsS + 1;
    console.log(`FALHA worker-morto (gravação): OBS no ar ${onAirS.toFixed(1)} s (${obsS.toFixed(1)} s desde o início do ffmpeg), worker morto aos ${killedAtS.toFixed(1)} s `
      + `e de volta em ${(workerBackMs / 1000).toFixed(1)} s; parte de antes da morte ${beforeKillS.toFixed(1)} s; `
      + `MP4 em Gravações de ${p.duration.toFixed(1)} s (aceito de ${min.toFixed(1)} a ${max.toFixed(1)} s), ${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB, `
      + `decodificado ${p.errors ? `com erros: ${p.errors.split('\n').slice(0, 3).join(' | ')}` : 'sem erros'}; concluída ${joinS.toFixed(1)} s depois do fim do OBS`);
    assert.equal(p.errors, '', 'o MP4 não decodifica inteiro');
    assert.ok(p.duration >= min && p.duration <= max, `duração ${p.duration} s para ${onAirS.toFixed(1)} s no ar`);
    // the working folder of the recording is gone
    assert.deepEqual(fs.readdirSync(path.join(stack.dataDir, 'storage', '.recordings')), []);
  });
});
