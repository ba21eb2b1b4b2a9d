/**
 * bench/playout: what one 24/7 channel (a playlist on air, the worker's playout) costs the
 * machine, and how many of them it keeps at real-time speed.
 *
 *   node bench/playout.ts [--sizes 5,10,20,40,60,80] [--seconds 20] [--budget 480] [--clip-seconds 6] [--log file]
 *   PLAYOUT_BENCH_SIZES=5,10 PLAYOUT_BENCH_SECONDS=20 PLAYOUT_BENCH_BUDGET=480 PLAYOUT_BENCH_CLIP_SECONDS=6 \
 *     PLAYOUT_BENCH_LOG=/tmp/worker.log node bench/playout.ts
 *
 * (--log: everything the worker logged, written to that file at the end.)
 *
 * The real stack (API, worker and nginx-rtmp, started by startLiveStack) and three clips made
 * once here with ffmpeg's test sources: H.264 yuv420p + AAC in MP4, 1280x720 at 25 fps, a
 * keyframe every second, ~2.5 Mbps of video, --clip-seconds (6) each, all of one encoder set-up (so the
 * playout plays them one after the other in one RTMP session). Each channel is an account of
 * its own with a playlist of the three clips, uploaded through the API. For N in the list, in
 * this order and one after the other (never together):
 *
 * (a) reference: N bare `ffmpeg -re -stream_loop -1 -i <clip> -c copy -f flv` started here,
 *     channel i looping clip i mod 3, each publishing under the stream key of an account of
 *     its own (GET /api/dados-conexao `rtmp.chave`) into the same nginx-rtmp, which accepts it
 *     as an encoder (on_publish) and makes the same HLS of it as of a playout;
 * (b) playout: N playlists put on air with POST /api/streaming/start {playlist_id}, whose
 *     ffmpeg (`-re -stream_loop -1 -f concat` over the slot list, `-c copy`, FLV to the same
 *     nginx) the worker's engine starts; their pids are media_processes.pid (kind 'playout').
 *
 * Over a --seconds window: CPU (utime + stime of the ffmpeg processes, /proc/<pid>/stat) per
 * channel as % of one core, playout against reference as a ratio (target ≤ 1.1). The worker
 * runs in this very process (startLiveStack), so its feeders (the /proc/<pid>/fd poller every
 * 250 ms, the playlist edit check every second, the engine reading -progress) cannot be told
 * apart from the API and this script: process.cpuUsage() over the window is printed for both
 * sides, and the playout's minus the reference's is an upper bound of the worker's extra. The
 * ffprobe the playout runs on each video before it is linked is a child that ends within the
 * window: it is counted from this process's cutime + cstime (/proc/self/stat, children reaped).
 * ffmpeg + worker + ffprobe per channel is printed as the playout's whole cost, with its ratio
 * too. nginx (one worker process), the whole machine (/proc/stat) and this process's event
 * loop delay are printed beside them, and what the worker logged in the window.
 *
 * Real time, per channel, from the HLS the API serves (GET /hls/{login}_live.m3u8), read at the
 * start and at the end of the window: the EXTINF durations of the segments between the last one
 * listed at the start and the last one listed at the end, over the time between their openings
 * (nginx names each segment after the wall clock when it opened, `hls_fragment_naming system`),
 * must be ≥ 0.95. The HLS playlist is made long enough (this stack's HLS_PLAYLIST_SECONDS) for
 * the second read to still list the first one. A second opinion comes from nginx's stat: the
 * publisher's RTMP timestamp over its connection's age, at both ends. Both use nginx's clock
 * only: this process's event loop (the API and the worker share it) may lag, and its delay,
 * printed beside them, must not pass for a channel's. A channel keeps up when it is at ≥ 0.95
 * over the window and its ffmpeg never restarted since it went on air (media_processes.restarts).
 * The playout's window begins after one loop of the playlist (3 × --clip-seconds), so that the
 * start of all N at once (three ffprobe each, the first links) is behind it; the reference's
 * 2 s after every channel is live. The search stops at the first N where some playout channel
 * does not keep up, or when the next round would not end within --budget seconds of the start.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { StatusResponse } from '@painel/contract';
import { playableFacts, probeArgs } from '@painel/media/playout';
import { bearerHeader } from '../apps/server/src/testing/harness.ts';
import { newFolder, upload } from '../apps/server/src/testing/library.ts';
import { eventually, startLiveStack, type LiveStack } from '../apps/server/src/testing/live.ts';
import { CLK_TCK, cleanupOnSignal, cpuTicks, referenceProcesses, statFields } from './proc.ts';

const env = process.env;
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: env.PLAYOUT_BENCH_SIZES ?? '5,10,20,40,60,80' },
    seconds: { type: 'string', default: env.PLAYOUT_BENCH_SECONDS ?? '20' },
    budget: { type: 'string', default: env.PLAYOUT_BENCH_BUDGET ?? '480' },
    'clip-seconds': { type: 'string', default: env.PLAYOUT_BENCH_CLIP_SECONDS ?? '6' },
    log: { type: 'string', default: env.PLAYOUT_BENCH_LOG ?? '' },
  },
});
const SIZES = [...new Set(values.sizes.split(',').map((x) => Math.floor(Number(x.trim()))).filter((n) => n > 0))].sort((a, b) => a - b);
if (!SIZES.length) throw new Error(`--sizes sem nenhum N válido: ${values.sizes}`);
const SECONDS = Math.max(5, Number(values.seconds) || 20);
const BUDGET_S = Math.max(60, Number(values.budget) || 480);
const CLIP = { size: '1280x720', fps: 25, seconds: Math.max(2, Number(values['clip-seconds']) || 6), videoKbps: 2500, sources: ['testsrc', 'testsrc2', 'smptebars'] } as const;
/** The plan's bitrate limit of the benchmark's accounts: above the clips', so they are playlist candidates. */
const PLAN_KBPS = 5000;
const REAL_TIME = 0.95;
const RATIO_TARGET = 1.1;
const T_START = performance.now();
const elapsedS = () => (performance.now() - T_START) / 1000;

/** Live children of a process (field 4, the parent pid). */
function childrenOf(ppid: number): number[] {
  const out: number[] = [];
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    const f = statFields(Number(e));
    if (f && f[0] !== 'Z' && Number(f[1]) === ppid) out.push(Number(e));
  }
  return out;
}

/** The stack's nginx: the master this process started and its worker(s). */
function nginxPids(): number[] {
  const comm = (pid: number) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return '';
    }
  };
  const masters = childrenOf(process.pid).filter((p) => comm(p) === 'nginx');
  return [...masters, ...masters.flatMap(childrenOf)];
}

/** Busy and total jiffies of the whole machine (all cores), from /proc/stat. */
function machineJiffies(): { busy: number; total: number } {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - (cpu[3] ?? 0) - (cpu[4] ?? 0), total };
}

/** CPU of this process's children that ended and were reaped (cutime + cstime, fields 16 and 17), in ticks. */
function reapedChildrenTicks(): number {
  const f = statFields(process.pid);
  return f ? Number(f[13]) + Number(f[14]) : 0;
}

const sumTicks = (pids: number[]) => pids.reduce((a, p) => a + (cpuTicks(p) ?? 0), 0);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : NaN;
};

/**
 * From the m3u8: each segment listed by sequence number, with its EXTINF duration and the
 * moment nginx opened it (`hls_fragment_naming system` names a segment after the wall clock
 * in ms when it began, NaN for any other name).
 */
function parseM3u8(text: string): Map<number, { dur: number; openedMs: number }> {
  const first = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? NaN);
  const out = new Map<number, { dur: number; openedMs: number }>();
  if (!Number.isFinite(first)) return out;
  let seq = first;
  let dur = NaN;
  for (const l of text.split('\n')) {
    const m = /^#EXTINF:([\d.]+)/.exec(l);
    if (m) dur = Number(m[1]);
    else if (l.trim() && !l.startsWith('#')) out.set(seq++, { dur, openedMs: Number(/-(\d{12,})\.ts$/.exec(l.trim())?.[1] ?? NaN) });
  }
  return out;
}

/**
 * Each stream's publisher in nginx-rtmp's stat: its RTMP timestamp (ms of media sent) and its
 * connection's age (ms of nginx's own clock), both read by nginx at the same moment.
 */
function publishers(xml: string): Map<string, { mediaMs: number; wallMs: number }> {
  const out = new Map<string, { mediaMs: number; wallMs: number }>();
  for (const s of xml.split('<stream>').slice(1)) {
    const name = /<name>([^<]*)<\/name>/.exec(s)?.[1];
    const pub = s.split('<client>').slice(1).find((c) => c.includes('<publishing/>'));
    const ts = pub ? /<timestamp>(\d+)<\/timestamp>/.exec(pub)?.[1] : undefined;
    const age = pub ? /<time>(\d+)<\/time>/.exec(pub)?.[1] : undefined;
    if (name && ts !== undefined && age !== undefined) out.set(name, { mediaMs: Number(ts), wallMs: Number(age) });
  }
  return out;
}

interface Account {
  id: number;
  usuario: string;
  token: string;
  /** The stream key an encoder publishes with (reference side). */
  key: string;
  /** The playlist of the three clips (playout side). */
  playlistId: number;
}

interface Window {
  n: number;
  /** CPU % of one core, per channel (the ffmpeg processes that ran the whole window only). */
  cpuPerChannel: number;
  /** CPU % of one core of those processes together. */
  ffmpegCpu: number;
  /** Clock ticks counted in all, the resolution of the figure above (±1 per process). */
  ticks: number;
  /** Media seconds over wall seconds, per channel, from the HLS (NaN: not measured). */
  hlsRate: number[];
  /** Media seconds over wall seconds, per channel, from the publisher's RTMP timestamp in nginx's stat. */
  rtmpRate: number[];
  /** This process (API + worker + this script) in the window, % of one core. */
  selfCpu: number;
  /** Children of this process that ended in the window (the playout's ffprobe runs), % of one core. */
  reapedCpu: number;
  /** nginx (master + worker) in the window, % of one core; NaN when it was restarted in the window. */
  nginxCpu: number;
  /** The whole machine in the window, % of one core (of nproc × 100). */
  machineCpu: number;
  /** Processes that were not there for the whole window (restarted or died). */
  lost: number;
  /** What the worker logged in the window (restarts, skipped videos, failed checks). */
  workerLog: string[];
  /** Restarts of the channels' ffmpeg (the supervisor's count) before the window and in it (playout side only). */
  warmupRestarts: number;
  windowRestarts: number;
  /** Videos the playouts began in the window (playout side only). */
  switches: number;
  secs: number;
  /** This process's event loop delay over the window (the API and the worker share it), p99 and max, ms. */
  loopP99Ms: number;
  loopMaxMs: number;
  /** This process's resident memory at the end of the window, MB (what each spawn of a child forks). */
  rssMb: number;
}

interface Round {
  n: number;
  ref: Window;
  playout: Window;
}

let stack: LiveStack | undefined;
/** Everything the worker logs, in order. */
const workerLog: string[] = [];
let clipDir: string | undefined;
/** Playout accounts whose playlist is (maybe) on air, to stop on the way out. */
const onAir = new Set<Account>();
const refProcs = referenceProcesses();
const killReference = () => refProcs.killAll();

let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await killReference().catch(() => {});
    const s = stack;
    if (s) {
      for (const a of onAir) {
        await s.h.app.inject({ method: 'POST', url: '/api/streaming/stop', headers: bearerHeader(a.token), payload: { stream_type: 'playlist' } }).catch(() => {});
      }
      // the worker's stop ends whatever ffmpeg its engine still runs, and nginx
      await s.close().catch((e: Error) => console.error(`encerrando a pilha: ${e.message}`));
    }
    if (clipDir) fs.rmSync(clipDir, { recursive: true, force: true });
    if (values.log) fs.writeFileSync(values.log, workerLog.map((l) => `${l}\n`).join(''));
  })();
  return cleaning;
}
cleanupOnSignal(cleanup);

/** Runs f over items, at most `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, f: (x: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i]!, i);
    }
  }));
  return out;
}

function makeClips(dir: string, ffmpeg: string): string[] {
  const files = CLIP.sources.map((src, i) => {
    const file = path.join(dir, `clipe-${i + 1}.mp4`);
    const k = CLIP.videoKbps;
    execFileSync(ffmpeg, [
      '-v', 'error', '-y',
      '-f', 'lavfi', '-i', `${src}=size=${CLIP.size}:rate=${CLIP.fps}:duration=${CLIP.seconds}`,
      '-f', 'lavfi', '-i', `sine=frequency=${440 + 110 * i}:sample_rate=48000:duration=${CLIP.seconds}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', String(CLIP.fps), '-keyint_min', String(CLIP.fps), '-sc_threshold', '0',
      '-b:v', `${k}k`, '-minrate', `${k}k`, '-maxrate', `${k}k`, '-bufsize', `${k}k`, '-x264-params', 'nal-hrd=cbr',
      '-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2', '-shortest', '-movflags', '+faststart', file,
    ], { stdio: ['ignore', 'ignore', 'pipe'] });
    return file;
  });
  // the playout plays them in one session only when their codec set-up is the same
  const formats = files.map((f) => playableFacts(execFileSync(process.env.FFPROBE_PATH ?? 'ffprobe', probeArgs(f), { encoding: 'utf8' }))?.format);
  if (new Set(formats).size !== 1 || !formats[0]) throw new Error(`clipes de formatos diferentes: ${formats.join(' ; ')}`);
  return files;
}

async function main(): Promise<void> {
  const hlsPlaylistSeconds = SECONDS + 30;
  stack = await startLiveStack({
    env: { HLS_PLAYLIST_SECONDS: String(hlsPlaylistSeconds) },
    worker: { log: (m) => workerLog.push(`${new Date().toISOString().slice(11, 23)} ${m}`) },
  });
  const s = stack;
  const db = s.h.core.store.db;
  const ffmpeg = s.h.config.media.ffmpegBin;
  clipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-bench-playout-'));
  const clips = makeClips(clipDir, ffmpeg);
  const clipBytes = clips.map((f) => fs.readFileSync(f));
  const clipKbps = (clipBytes.reduce((a, b) => a + b.length, 0) * 8) / 1000 / (CLIP.seconds * clips.length);
  const api = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    s.h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const status = async (a: Account) => (await api(a.token, 'GET', '/api/streaming/status')).json<StatusResponse>();

  console.log(`máquina: ${os.cpus().length} núcleos (nproc ${execFileSync('nproc', { encoding: 'utf8' }).trim()}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; ` +
    `${os.cpus()[0]?.model ?? '?'}; carga média ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log(`clipes: ${clips.length} × ${CLIP.seconds} s, H.264 ${CLIP.size} ${CLIP.fps} fps ${CLIP.videoKbps} kbps de vídeo + AAC 128 kbps ` +
    `(${clipKbps.toFixed(0)} kbps no arquivo), mesmo formato para o playout`);
  console.log(`rodadas possíveis: N = ${SIZES.join(', ')}; janela de ${SECONDS} s; orçamento ${BUDGET_S} s; ${CLK_TCK} ticks/s; ` +
    `HLS do painel com fragmento de ${s.h.config.media.hlsFragmentSeconds} s e lista de ${hlsPlaylistSeconds} s`);

  /** Accounts are made as the rounds need them and kept: round N uses the first N of each side. */
  const playoutAccounts: Account[] = [];
  const refAccounts: Account[] = [];
  async function newAccount(withPlaylist: boolean): Promise<Account> {
    const acc = await s.h.createAccount({ bitrate: PLAN_KBPS });
    const token = await s.h.login(acc.email, acc.password);
    const key: string = (await api(token, 'GET', '/api/dados-conexao')).json().rtmp.chave;
    let playlistId = 0;
    if (withPlaylist) {
      const folder = await newFolder(s.h, token, 'Canal');
      const videos: { id: number; ordem: number }[] = [];
      for (const [i, bytes] of clipBytes.entries()) {
        const r = await upload(s.h, token, folder, `clipe-${i + 1}.mp4`, bytes);
        if (r.statusCode !== 200) throw new Error(`envio recusado (${r.statusCode}): ${r.body}`);
        videos.push({ id: r.json<{ video: { id: number } }>().video.id, ordem: i + 1 });
      }
      const created = await api(token, 'POST', '/api/playlists', { nome: 'Canal 24h' });
      if (created.statusCode !== 201) throw new Error(`playlist não criada (${created.statusCode}): ${created.body}`);
      playlistId = created.json<{ id: number }>().id;
      const saved = await api(token, 'PUT', `/api/playlists/${playlistId}`, { videos });
      if (saved.statusCode !== 200) throw new Error(`playlist não salva (${saved.statusCode}): ${saved.body}`);
    }
    return { id: acc.id, usuario: acc.usuario, token, key, playlistId };
  }
  async function accounts(list: Account[], n: number, withPlaylist: boolean): Promise<Account[]> {
    const more = await pool(Array.from({ length: Math.max(0, n - list.length) }), 3, () => newAccount(withPlaylist));
    list.push(...more);
    return list.slice(0, n);
  }

  // nginx may be down for a moment (the worker restarts it): that channel's figure is then missing
  const stat = async () => fetch(`http://127.0.0.1:${s.worker.controlPort}/stat`).then((r) => r.text()).catch(() => '');
  const hls = (chans: Account[]) => Promise.all(chans.map(async (a) => {
    const r = await fetch(`${s.apiUrl}/hls/${a.usuario}_live.m3u8`).catch(() => null);
    return r?.ok ? parseM3u8(await r.text()) : new Map<number, { dur: number; openedMs: number }>();
  }));

  /** Waits until check(a) holds for every channel, asking again only those that did not yet. */
  async function everyChannel(chans: Account[], check: (a: Account) => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
    const left = new Set(chans);
    const end = Date.now() + timeoutMs;
    while (left.size) {
      for (const a of [...left]) if (await check(a).catch(() => false)) left.delete(a);
      if (!left.size) return;
      if (Date.now() > end) throw new Error(`${what}: ${left.size} de ${chans.length} canais não chegaram lá em ${timeoutMs} ms (${[...left].map((a) => a.usuario).slice(0, 5).join(', ')})`);
      await sleep(500);
    }
  }

  /**
   * CPU, HLS and RTMP advance over one window; `pids` is asked again at the end to see restarts.
   * The two real-time figures use nginx's clock only (segment names, the publisher's connection
   * age), never this process's: the worker shares this event loop, and its delays must not
   * pass for a channel's.
   */
  async function measure(chans: Account[], o: {
    pids: () => Promise<number[]>;
    /** Before the window, once every channel is live. */
    warmupMs: number;
    /** Videos begun so far, all channels together (playout side). */
    played?: () => Promise<number>;
    /** Restarts of the channels' ffmpeg so far, all channels together (playout side). */
    restarts?: () => Promise<number>;
  }): Promise<Window> {
    const n = chans.length;
    const { pids, played, restarts } = o;
    await sleep(o.warmupMs);
    const warmupRestarts = restarts ? await restarts() : 0;
    const h0 = await hls(chans);
    const p0 = await pids();
    const ng = nginxPids();
    const played0 = played ? await played() : 0;
    const st0 = publishers(await stat());
    const loop = monitorEventLoopDelay({ resolution: 20 });
    loop.enable();
    const c0 = p0.map(cpuTicks);
    const ng0 = sumTicks(ng);
    const m0 = machineJiffies();
    const u0 = process.cpuUsage();
    const r0 = reapedChildrenTicks();
    const log0 = workerLog.length;
    const t0 = performance.now();
    await sleep(SECONDS * 1000);
    const c1 = p0.map(cpuTicks);
    const nginxRestarted = ng.some((p) => cpuTicks(p) === null);
    const ng1 = sumTicks(ng);
    const m1 = machineJiffies();
    const u1 = process.cpuUsage(u0);
    const r1 = reapedChildrenTicks();
    const log1 = workerLog.length;
    const secs = (performance.now() - t0) / 1000;
    loop.disable();
    const st1 = publishers(await stat());
    const played1 = played ? await played() : 0;
    const restarts1 = restarts ? await restarts() : 0;
    const p1 = new Set(await pids());
    const h1 = await hls(chans);
    let ticks = 0;
    let lost = 0;
    p0.forEach((pid, i) => {
      const [a, b] = [c0[i], c1[i]];
      if (a === null || a === undefined || b === null || b === undefined || !p1.has(pid)) lost += 1;
      else ticks += b - a;
    });
    // per channel over the processes that ran the whole window (one that restarted is not counted)
    const whole = p0.length - lost;
    lost += Math.max(0, n - p0.length);
    // from the last segment listed at the start to the last listed at the end: the media of the
    // segments between them over the time between their openings
    const hlsRate = chans.map((_, i) => {
      const [a, b] = [Math.max(-1, ...h0[i]!.keys()), Math.max(-1, ...h1[i]!.keys())];
      const [sa, sb] = [h1[i]!.get(a), h1[i]!.get(b)];
      if (a < 0 || b <= a || !sa || !sb) return NaN; // no segment, none new, or the list is too short
      let media = 0;
      for (let q = a; q < b; q++) media += h1[i]!.get(q)?.dur ?? NaN;
      return media / ((sb.openedMs - sa.openedMs) / 1000);
    });
    const rtmpRate = chans.map((a) => {
      const name = `${a.usuario}_live`;
      const [x, y] = [st0.get(name), st1.get(name)];
      return x === undefined || y === undefined || y.wallMs <= x.wallMs ? NaN : (y.mediaMs - x.mediaMs) / (y.wallMs - x.wallMs);
    });
    const pct = (ticksOrJiffies: number) => ((ticksOrJiffies / CLK_TCK / secs) * 100);
    return {
      n, ticks, lost, secs, hlsRate, rtmpRate,
      cpuPerChannel: pct(ticks) / Math.max(1, whole),
      ffmpegCpu: pct(ticks),
      selfCpu: ((u1.user + u1.system) / 1e6 / secs) * 100,
      reapedCpu: pct(r1 - r0),
      workerLog: workerLog.slice(log0, log1),
      nginxCpu: nginxRestarted ? NaN : pct(ng1 - ng0),
      machineCpu: ((m1.busy - m0.busy) / (m1.total - m0.total)) * os.cpus().length * 100,
      switches: played1 - played0,
      warmupRestarts,
      windowRestarts: restarts1 - warmupRestarts,
      loopP99Ms: loop.percentile(99) / 1e6,
      loopMaxMs: loop.max / 1e6,
      rssMb: process.memoryUsage.rss() / 2 ** 20,
    };
  }

  async function reference(n: number): Promise<Window> {
    const chans = await accounts(refAccounts, n, false);
    const mine: ChildProcess[] = [];
    const tails = new Map<ChildProcess, string>();
    try {
      for (const [i, a] of chans.entries()) {
        const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', clips[i % clips.length]!,
          '-c', 'copy', '-f', 'flv', '-flvflags', 'no_duration_filesize', '--', `rtmp://127.0.0.1:${s.rtmpPort}/live/${a.key}`];
        const c = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
        c.on('error', (e) => tails.set(c, `${tails.get(c) ?? ''}${e.message}\n`));
        c.stderr!.on('data', (b: Buffer) => tails.set(c, (tails.get(c) ?? '') + b.toString()));
        refProcs.add(c);
        mine.push(c);
      }
      await everyChannel(chans, async (a) => {
        const st = await status(a);
        return st.is_live && st.stream_type === 'obs';
      }, 30_000 + 500 * n, `referência N=${n} no ar`).catch((e: Error) => {
        throw new Error(`${e.message}; ffmpeg: ${[...tails.values()].join(' | ').slice(-500)}`);
      });
      return await measure(chans, {
        warmupMs: 2000, // past the connection's first second
        pids: async () => mine.filter((c) => c.exitCode === null && c.signalCode === null).map((c) => c.pid!),
      });
    } finally {
      await killReference();
      await everyChannel(chans, async (a) => !(await status(a)).is_live, 20_000, `referência N=${n} fora do ar`)
        .catch((e: Error) => console.error(`  ${e.message}`));
    }
  }

  async function playout(n: number): Promise<Window> {
    const chans = await accounts(playoutAccounts, n, true);
    const ids = chans.map((a) => a.id);
    const rows = () => db.selectFrom('media_processes').select(['id', 'pid']).where('kind', '=', 'playout')
      .where('user_id', 'in', ids).where('desired', '=', 'running').execute();
    try {
      for (const a of chans) {
        onAir.add(a);
        const r = await api(a.token, 'POST', '/api/streaming/start', { titulo: 'Canal 24h', playlist_id: a.playlistId });
        if (r.statusCode !== 200) throw new Error(`início recusado (${r.statusCode}): ${r.body}`);
      }
      await everyChannel(chans, async (a) => {
        const st = await status(a);
        return st.is_live && st.stream_type === 'playlist';
      }, 30_000 + 1000 * n, `playout N=${n} no ar`);
      const procIds = (await rows()).map((r) => r.id);
      const played = async () => {
        const p = await db.selectFrom('playouts').select(['played']).where('process_id', 'in', procIds).execute();
        return p.reduce((a, x) => a + x.played, 0);
      };
      const restarts = async () => {
        const p = await db.selectFrom('media_processes').select(['restarts']).where('id', 'in', procIds).execute();
        return p.reduce((a, x) => a + x.restarts, 0);
      };
      return await measure(chans, {
        // one loop of the playlist: every channel past its start (three ffprobe each at once) and
        // past the videos linked by that start, into the steady state of one link per video
        warmupMs: Math.max(2000, clips.length * CLIP.seconds * 1000),
        pids: async () => (await rows()).map((r) => r.pid).filter((p): p is number => p !== null),
        played, restarts,
      });
    } finally {
      for (const a of chans) {
        const r = await api(a.token, 'POST', '/api/streaming/stop', { stream_type: 'playlist' });
        if (r.statusCode !== 200) console.error(`  stop ${a.usuario}: ${r.statusCode} ${r.body}`);
        onAir.delete(a);
      }
      await eventually(async () => {
        const left = await db.selectFrom('media_processes').select(['pid']).where('kind', '=', 'playout').where('user_id', 'in', ids)
          .where('pid', 'is not', null).execute();
        return left.length === 0;
      }, 20_000, `processos do playout N=${n} encerrados`).catch((e: Error) => console.error(`  ${e.message}`));
      await everyChannel(chans, async (a) => !(await status(a)).is_live, 20_000, `playout N=${n} fora do ar`)
        .catch((e: Error) => console.error(`  ${e.message}`));
    }
  }

  const f0 = (x: number) => x.toFixed(0);
  const f1 = (x: number) => x.toFixed(1);
  const f2 = (x: number) => x.toFixed(2);
  const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '?');
  const fin = (xs: number[]) => xs.filter(Number.isFinite);
  const behind = (w: Window) => w.hlsRate.filter((r) => !(r >= REAL_TIME)).length;
  /** Every channel at real-time speed over the window and none restarted since it went on air. */
  const keptUp = (w: Window) => behind(w) === 0 && w.lost === 0 && w.warmupRestarts + w.windowRestarts === 0;
  const line = (name: string, w: Window) => {
    const slow = behind(w);
    const hls = fin(w.hlsRate);
    const rtmp = fin(w.rtmpRate);
    console.log(`  ${name}: CPU ${f2(w.cpuPerChannel)} % por canal (${f1(w.ffmpegCpu)} % no total, ${w.ticks} ticks em ${f1(w.secs)} s` +
      (w.lost ? `, só os ${w.n - w.lost} processos que ficaram a janela toda` : '') + '); ' +
      `HLS ×${f3(median(hls))} (mín ${f3(Math.min(...hls))}), RTMP ×${f3(median(rtmp))} (mín ${f3(Math.min(...rtmp))}); ` +
      `${w.n - slow} de ${w.n} em tempo real (HLS ≥ ×${REAL_TIME}` + (hls.length < w.n ? `; ${w.n - hls.length} sem medida` : '') + ')' +
      (w.switches ? `; ${w.switches} vídeos iniciados na janela (${f1(w.switches / w.n)} por canal)` : '') +
      (w.lost ? `; ${w.lost} processo(s) não ficaram a janela toda` : '') +
      (w.warmupRestarts || w.windowRestarts ? `; ffmpeg reiniciados: ${w.warmupRestarts} antes da janela, ${w.windowRestarts} nela` : ''));
    console.log(`    ao lado: este processo (API + worker + script) ${f1(w.selfCpu)} %, filhos encerrados na janela (ffprobe) ${f1(w.reapedCpu)} %, ` +
      `nginx ${Number.isFinite(w.nginxCpu) ? `${f1(w.nginxCpu)} %` : 'REINICIADO na janela'}, máquina inteira ${f1(w.machineCpu)} % de ${os.cpus().length * 100} % ` +
      `(outros processos ${f1(Math.max(0, w.machineCpu - w.ffmpegCpu - (w.nginxCpu || 0) - w.selfCpu - w.reapedCpu))} %); ` +
      `atraso do laço de eventos deste processo p99 ${f0(w.loopP99Ms)} ms, máx ${f0(w.loopMaxMs)} ms (RSS ${f0(w.rssMb)} MB)`);
    if (w.workerLog.length) {
      // the first lines, and any about nginx (which carries every channel)
      const shown = [...new Set([...w.workerLog.slice(0, 2), ...w.workerLog.filter((l) => / nginx/.test(l)).slice(0, 2)])];
      console.log(`    o worker registrou ${w.workerLog.length} linha(s) na janela, por exemplo:`);
      for (const l of shown) console.log(`      ${l.slice(0, 200)}`);
    }
    return keptUp(w);
  };

  const rounds: Round[] = [];
  let sustained = 0;
  let stopReason = '';
  let lastRoundS = 0;
  let lastN = 0;
  for (const n of SIZES) {
    // the part of a round that grows with N, from the last one; the windows and pauses do not
    const fixedS = 2 * SECONDS + 2 + (clips.length * CLIP.seconds) + 20;
    const estimate = lastN ? fixedS + (Math.max(0, lastRoundS - fixedS) / lastN) * n * 1.2 : 0;
    if (lastN && elapsedS() + estimate > BUDGET_S) {
      stopReason = `N=${n} não caberia no orçamento (${f1(elapsedS())} s gastos, rodada estimada em ${f1(estimate)} s, orçamento ${BUDGET_S} s)`;
      break;
    }
    const r0 = elapsedS();
    console.log(`\nN = ${n}`);
    const ref = await reference(n);
    const refOk = line('referência (ffmpeg -re -stream_loop -1 -i clipe -c copy -f flv, avulso)', ref);
    const p = await playout(n);
    const ok = line('playout (playlists pela API, ffmpeg do worker)', p);
    rounds.push({ n, ref, playout: p });
    const ratio = p.cpuPerChannel / ref.cpuPerChannel;
    console.log(`  playout N=${n}: ${f2(p.cpuPerChannel)} % de um núcleo por canal; cópia avulsa ${f2(ref.cpuPerChannel)} %; ` +
      `razão ${f2(ratio)}; tempo real: ${ok ? 'sim' : 'NÃO'}` + (refOk ? '' : ' (nem a referência ficou em tempo real)'));
    const extra = p.selfCpu - ref.selfCpu;
    const probes = p.reapedCpu - ref.reapedCpu;
    const total = p.cpuPerChannel + (extra + probes) / n;
    console.log(`  worker (no processo deste script; limite superior): ${f1(p.selfCpu)} % com o playout contra ${f1(ref.selfCpu)} % com a referência: ` +
      `${f1(extra)} % a mais, ${f2(extra / n)} % por canal; os ffprobe que ele roda: ${f1(probes)} %, ${f2(probes / n)} % por canal`);
    // what each change of video costs, to scale the figures to videos longer than these clips
    const perSwitch = (pct: number) => (p.switches ? f0(((pct / 100) * p.secs * 1000) / p.switches) : '?');
    const diff = perSwitch((p.cpuPerChannel - ref.cpuPerChannel) * n);
    console.log(`  por vídeo iniciado (${p.switches} na janela, um a cada ${f1(CLIP.seconds)} s por canal): ffmpeg do playout ${diff.startsWith('-') ? diff : `+${diff}`} ms de CPU ` +
      `sobre a cópia avulsa, ffprobe ${perSwitch(probes)} ms, worker ≤ ${perSwitch(extra)} ms`);
    console.log(`  custo inteiro do playout por canal (ffmpeg + worker + ffprobe): ${f2(total)} %; razão contra a cópia avulsa ${f2(total / ref.cpuPerChannel)}`);
    lastRoundS = elapsedS() - r0;
    lastN = n;
    if (!ok) {
      stopReason = `com N=${n} nem todos os canais do playout ficaram em tempo real (ou algum ffmpeg reiniciou)`;
      break;
    }
    sustained = n;
  }
  if (stopReason) console.log(`\nfim da busca: ${stopReason}`);

  console.log('\nResultado');
  console.log(`  máquina: nproc ${execFileSync('nproc', { encoding: 'utf8' }).trim()}; clipes ${CLIP.size} a ${clipKbps.toFixed(0)} kbps (arquivo); janela de ${SECONDS} s`);
  for (const r of rounds) {
    const ratio = r.playout.cpuPerChannel / r.ref.cpuPerChannel;
    const extra = (r.playout.selfCpu - r.ref.selfCpu) / r.n;
    const probes = (r.playout.reapedCpu - r.ref.reapedCpu) / r.n;
    const total = r.playout.cpuPerChannel + extra + probes;
    console.log(`  N=${r.n}: CPU por canal: cópia avulsa ${f2(r.ref.cpuPerChannel)} %, ffmpeg do playout ${f2(r.playout.cpuPerChannel)} %: ` +
      `razão ${f2(ratio)}; meta ≤ ${RATIO_TARGET}: ${Number(f2(ratio)) <= RATIO_TARGET ? 'atingida' : 'NÃO atingida'}; ` +
      `mais worker ≤ ${f2(extra)} % e ffprobe ${f2(probes)} %: ${f2(total)} % (razão ${f2(total / r.ref.cpuPerChannel)}); ` +
      `laço de eventos p99 ${f0(r.playout.loopP99Ms)} ms; tempo real: playout ${keptUp(r.playout) ? 'sim' : 'NÃO'} ` +
      `(HLS mín ×${f3(Math.min(...fin(r.playout.hlsRate)))}, ${behind(r.playout)} atrás ou sem medida, ` +
      `${r.playout.warmupRestarts + r.playout.windowRestarts} ffmpeg reiniciados), referência ${keptUp(r.ref) ? 'sim' : 'NÃO'} (mín ×${f3(Math.min(...fin(r.ref.hlsRate)))}); ` +
      `máquina ${f1(r.playout.machineCpu)} % (outros processos ${f1(Math.max(0, r.playout.machineCpu - r.playout.ffmpegCpu - (r.playout.nginxCpu || 0) - r.playout.selfCpu - r.playout.reapedCpu))} %)` +
      (Number.isFinite(r.playout.nginxCpu) ? '' : '; nginx reiniciado pelo worker na janela'));
  }
  const tried = rounds.at(-1)?.n ?? 0;
  console.log(`  maior N de canais 24/7 em tempo real nesta máquina: ${sustained}` +
    (sustained === tried ? (sustained === SIZES.at(-1) ? ' (todas as rodadas da lista passaram)' : ` (a busca parou antes de N maiores: ${stopReason})`) : ` (N=${tried} não sustentou)`));
  console.log(`  tempo total: ${f1(elapsedS())} s`);
}

try {
  await main();
} finally {
  await cleanup();
}
