/**
 * bench/restream: what one restream (a "live" pushed to a platform) costs the machine, and how
 * many of them it pushes at real-time speed.
 *
 *   node bench/restream.ts [--max 16] [--seconds 20]
 *
 * One source: a 2.5 Mbps test picture published into the panel's real nginx-rtmp (API, worker
 * and nginx started by startLiveStack). One platform: a second nginx-rtmp (startRtmpDestination)
 * that counts the bytes it receives under each stream key. For N = 1, 2, 4, 8, … up to --max,
 * in this order and one after the other (never together):
 *
 * (a) reference: N bare ffmpeg processes started here, with the panel-identical argv of
 *     `restreamArgs` (packages/media/src/restream.ts: `-c copy` to FLV, with -progress on a
 *     pipe this script drains, as the worker does), reading the same source, each to its own key;
 * (b) panel: N lives started through POST /api/streaming/start-live, whose ffmpeg children the
 *     worker's engine starts and supervises (found by PAINEL_PROCESS=<id> in their environment).
 *
 * Over a --seconds window: CPU (utime + stime of the ffmpeg processes, /proc/<pid>/stat) per
 * restream, panel against reference as a ratio (target ≤ 1.1), and the kbps each key received.
 * A key is at real-time speed when it received ≥ 90 % of the source's bitrate, taken as the
 * reference's average at N = 1 (the panel's own nginx count of the source is printed beside
 * it). The search stops at the first N where some panel key falls below that. Only the ffmpeg
 * processes are counted, for both sides: the Node code that reads their progress lines (the
 * worker here, this script for the reference) and the two nginx are not. A `-c copy` restream
 * costs well under 1 % of a core, so /proc's 1/100 s ticks are coarse: the tick count is
 * printed, and a longer --seconds (the default 20) makes the ratio at small N less noisy.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { restreamArgs } from '@painel/media/restream';
import { parseRtmpStat } from '@painel/media/rtmp-stat';
import { formatZoned } from '../apps/server/src/platform/zoned-time.ts';
import { bearerHeader } from '../apps/server/src/testing/harness.ts';
import { eventually, startLiveStack, type LiveStack, type Publisher } from '../apps/server/src/testing/live.ts';
import { startRtmpDestination, type RtmpDestination } from '../apps/server/src/testing/rtmp-destination.ts';
import { CLK_TCK, cleanupOnSignal, cpuTicks, referenceProcesses, statFields } from './proc.ts';

const { values } = parseArgs({ options: { max: { type: 'string', default: '16' }, seconds: { type: 'string', default: '20' } } });
const MAX = Math.max(1, Math.floor(Number(values.max)) || 16);
const SECONDS = Math.max(2, Number(values.seconds) || 20);
const SOURCE_KBPS = 2500;
const REAL_TIME = 0.9;
const RATIO_TARGET = 1.1;

/** 1, 2, 4, 8, … and --max itself when it is not a power of two. */
const SIZES: number[] = [];
for (let n = 1; n <= MAX; n *= 2) SIZES.push(n);
if (SIZES.at(-1) !== MAX) SIZES.push(MAX);
const refKey = (n: number, i: number) => `ref-${n}-${i}`;
const panelKey = (n: number, i: number) => `painel-${n}-${i}`;
const keysOf = (n: number, key: (n: number, i: number) => string) => Array.from({ length: n }, (_, i) => key(n, i + 1));

/**
 * pid → PAINEL_PROCESS of every running ffmpeg this process's engine started. Only our own
 * children (field 4, the parent pid): the tag is a row id, and any other panel on the machine
 * (a test suite running meanwhile) has rows with the same ids.
 */
function panelChildren(): Map<number, number> {
  const out = new Map<number, number>();
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    const f = statFields(Number(e));
    if (!f || f[0] === 'Z' || Number(f[1]) !== process.pid) continue;
    try {
      const tag = fs.readFileSync(`/proc/${e}/environ`, 'utf8').split('\0').find((kv) => kv.startsWith('PAINEL_PROCESS='));
      if (!tag || !fs.readFileSync(`/proc/${e}/cmdline`, 'utf8').includes('ffmpeg')) continue;
      out.set(Number(e), Number(tag.slice('PAINEL_PROCESS='.length)));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

interface Window {
  /** CPU % of one core, per restream. */
  cpuPerRestream: number;
  /** Clock ticks counted in all, the resolution of the figure above (±1 per process). */
  ticks: number;
  /** kbps received, per key, in the order given. */
  kbps: number[];
  /** kbps of the source as the panel's nginx counted it over the same window. */
  sourceKbps: number;
  /** Processes that were not there for the whole window (restarted or died). */
  lost: number;
}

interface Round {
  n: number;
  ref: Window;
  panel: Window;
}

let stack: LiveStack | undefined;
let dest: RtmpDestination | undefined;
let pub: Publisher | undefined;
const refProcs = referenceProcesses();
const killReference = () => refProcs.killAll();

let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await killReference().catch(() => {});
    await pub?.stop().catch(() => {});
    await stack?.close().catch((e: Error) => console.error(`encerrando a pilha: ${e.message}`));
    await dest?.close().catch((e: Error) => console.error(`encerrando o destino: ${e.message}`));
  })();
  return cleaning;
}
cleanupOnSignal(cleanup);

async function main(): Promise<void> {
  dest = await startRtmpDestination({ keys: SIZES.flatMap((n) => [...keysOf(n, refKey), ...keysOf(n, panelKey)]) });
  stack = await startLiveStack({ env: { OUTBOUND_ALLOW: dest.allowEntry } });
  const s = stack;
  const d = dest;
  const acc = await s.h.createAccount();
  const token = await s.h.login(acc.email, acc.password);
  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    s.h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const key: string = (await api('GET', '/api/dados-conexao')).json().rtmp.chave;
  const source = `rtmp://127.0.0.1:${s.rtmpPort}/live/${acc.usuario}_live`;
  const servidorStm: string = (await api('GET', '/api/streaming/source-urls')).json().source_urls.rtmp;

  pub = s.publish(key, { videoKbps: SOURCE_KBPS });
  await eventually(async () => (await api('GET', '/api/streaming/status')).json().is_live, 20_000, 'fonte ao vivo');
  const ffmpeg = s.h.config.media.ffmpegBin;
  console.log(`fonte: imagem de teste a ${SOURCE_KBPS} kbps publicada em ${source}`);
  console.log(`destino: ${d.server}; ${SIZES.length} rodadas possíveis (N = ${SIZES.join(', ')}), janela de ${SECONDS} s, ${CLK_TCK} ticks/s`);

  /** The source's bytes as the panel's own nginx counts them. */
  const sourceBytes = async () => {
    const st = parseRtmpStat(await (await fetch(`http://127.0.0.1:${s.worker.controlPort}/stat`)).text());
    return st.streams.find((x) => x.name === `${acc.usuario}_live`)?.bytesIn ?? 0;
  };
  const received = async (keys: string[]) => {
    const streams = await d.streams();
    return keys.map((k) => streams.find((x) => x.name === k) ?? { bytesIn: 0, publishing: false });
  };
  const allReceiving = (keys: string[], what: string) =>
    eventually(async () => (await received(keys)).every((x) => x.publishing && x.bytesIn > 50_000), 60_000, what);
  const noneReceiving = (keys: string[], what: string) =>
    eventually(async () => (await received(keys)).every((x) => !x.publishing), 20_000, what);

  /** CPU and bytes over one window; `pids` is asked again at the end to see restarts. */
  async function measure(n: number, keys: string[], pids: () => number[]): Promise<Window> {
    await sleep(2000); // past the connection's first second
    const p0 = pids();
    const c0 = p0.map(cpuTicks);
    const b0 = await received(keys);
    const s0 = await sourceBytes();
    const t0 = performance.now();
    await sleep(SECONDS * 1000);
    const c1 = p0.map(cpuTicks);
    const b1 = await received(keys);
    const s1 = await sourceBytes();
    const secs = (performance.now() - t0) / 1000;
    const p1 = new Set(pids());
    let ticks = 0;
    let lost = 0;
    p0.forEach((pid, i) => {
      const [a, b] = [c0[i], c1[i]];
      if (a === null || a === undefined || b === null || b === undefined || !p1.has(pid)) lost += 1;
      else ticks += b - a;
    });
    lost += Math.max(0, n - p0.length);
    const kbps = (bytes: number) => (bytes * 8) / 1000 / secs;
    return {
      cpuPerRestream: ((ticks / CLK_TCK / secs) * 100) / n,
      ticks,
      kbps: keys.map((_, i) => kbps(b1[i]!.bytesIn - b0[i]!.bytesIn)),
      sourceKbps: kbps(s1 - s0),
      lost,
    };
  }

  async function reference(n: number): Promise<Window> {
    const keys = keysOf(n, refKey);
    const mine: ChildProcess[] = [];
    const tails = new Map<ChildProcess, string>();
    try {
      for (const k of keys) {
        const c = spawn(ffmpeg, restreamArgs({ source, destination: `${d.server}/${k}` }), { stdio: ['ignore', 'pipe', 'pipe'] });
        c.on('error', (e) => tails.set(c, `${tails.get(c) ?? ''}${e.message}\n`));
        c.stdout!.resume(); // -progress pipe:1, drained as the worker does
        c.stderr!.on('data', (b: Buffer) => tails.set(c, (tails.get(c) ?? '') + b.toString()));
        refProcs.add(c);
        mine.push(c);
      }
      await allReceiving(keys, `referência N=${n} no destino`).catch((e: Error) => {
        throw new Error(`${e.message}; ffmpeg: ${[...tails.values()].join(' | ').slice(-500)}`);
      });
      return await measure(n, keys, () => mine.filter((c) => c.exitCode === null && c.signalCode === null).map((c) => c.pid!));
    } finally {
      await killReference();
      await noneReceiving(keys, `referência N=${n} parada`).catch(() => {});
    }
  }

  async function panel(n: number): Promise<Window> {
    const keys = keysOf(n, panelKey);
    const ids: number[] = [];
    try {
      for (const k of keys) {
        const r = await api('POST', '/api/streaming/start-live', {
          tipo: 'custom', servidor_rtmp: d.server, servidor_rtmp_chave: k, servidor_stm: servidorStm,
          data_inicio: '', data_fim: formatZoned(Date.now() + 3_600_000, 'America/Sao_Paulo'), inicio_imediato: 'sim',
        });
        if (r.statusCode !== 200) throw new Error(`start-live recusado (${r.statusCode}): ${r.body}`);
        ids.push(r.json().live.id);
      }
      await allReceiving(keys, `painel N=${n} no destino`);
      const rows = await s.h.core.store.db.selectFrom('lives').select(['id', 'process_id']).where('id', 'in', ids).execute();
      const processIds = new Set(rows.map((r) => r.process_id));
      return await measure(n, keys, () => [...panelChildren()].filter(([, id]) => processIds.has(id)).map(([pid]) => pid));
    } finally {
      for (const id of ids) {
        const r = await api('DELETE', `/api/streaming/remove-live/${id}`);
        if (r.statusCode !== 200) console.error(`  remove-live ${id}: ${r.statusCode} ${r.body}`);
      }
      await eventually(async () => s.worker.engine.running().length === 0 && panelChildren().size === 0, 20_000, 'processos do painel encerrados')
        .catch((e: Error) => console.error(`  ${e.message}`));
      await noneReceiving(keys, `painel N=${n} parado`).catch(() => {});
    }
  }

  const f1 = (x: number) => x.toFixed(1);
  const f2 = (x: number) => x.toFixed(2);
  const rounds: Round[] = [];
  let sourceKbps = 0;
  let sustained = 0;
  for (const n of SIZES) {
    console.log(`\nN = ${n}`);
    const ref = await reference(n);
    if (n === SIZES[0]) sourceKbps = ref.kbps.reduce((a, b) => a + b, 0) / ref.kbps.length;
    const floor = REAL_TIME * sourceKbps;
    const line = (name: string, w: Window) => {
      const slow = w.kbps.filter((k) => k < floor).length;
      console.log(`  ${name}: CPU ${f2(w.cpuPerRestream)} % por retransmissão (${f2(w.cpuPerRestream * n)} % no total, ${w.ticks} ticks); ` +
        `recebido por chave ${f1(Math.min(...w.kbps))}–${f1(Math.max(...w.kbps))} kbps (média ${f1(w.kbps.reduce((a, b) => a + b, 0) / n)}); ` +
        `${n - slow} de ${n} em tempo real (≥ ${f1(floor)} kbps); fonte no nginx do painel ${f1(w.sourceKbps)} kbps` +
        (w.lost ? `; ${w.lost} processo(s) não ficaram a janela toda` : ''));
      return slow === 0;
    };
    if (n === SIZES[0]) console.log(`  taxa da fonte (média da referência com N=1): ${f1(sourceKbps)} kbps`);
    line('referência (ffmpeg -c copy avulso)', ref);
    const p = await panel(n);
    const ok = line('painel (lives pela API)', p);
    rounds.push({ n, ref, panel: p });
    console.log(`  razão de CPU painel/referência: ${(p.cpuPerRestream / ref.cpuPerRestream).toFixed(2)}`);
    if (!ok) {
      console.log(`  com N=${n} nem todos os destinos do painel ficaram em tempo real: fim da busca`);
      break;
    }
    sustained = n;
  }

  console.log('\nResultado');
  console.log(`  taxa da fonte: ${f1(sourceKbps)} kbps (pedido: ${SOURCE_KBPS} kbps de vídeo + áudio)`);
  for (const r of rounds) {
    const ratio = r.panel.cpuPerRestream / r.ref.cpuPerRestream;
    console.log(`  CPU por retransmissão com N=${r.n}: referência ${f2(r.ref.cpuPerRestream)} %, painel ${f2(r.panel.cpuPerRestream)} %: ` +
      `razão ${ratio.toFixed(2)}; meta ≤ ${RATIO_TARGET}: ${ratio <= RATIO_TARGET ? 'atingida' : 'NÃO atingida'}`);
  }
  const tried = rounds.at(-1)?.n ?? 0;
  console.log(`  maior N de lives do painel em tempo real: ${sustained}` +
    (sustained === tried ? ` (todas as rodadas até --max ${MAX} passaram)` : ` (N=${tried} não sustentou)`));
}

try {
  await main();
} finally {
  await cleanup();
}
