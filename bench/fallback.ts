/**
 * bench/fallback: what a viewer sees when OBS drops in the middle of a broadcast, with the
 * standby signal ('Sinal reserva', the slate) and without it.
 *
 *   node bench/fallback.ts [--cycles 3]
 *
 * A real live stack (API, worker at its production pace, nginx-rtmp; startLiveStack), OBS as an
 * ffmpeg (640×360, a keyframe every second) and the panel's own player page with hls.js in
 * Chromium, its <video> sampled every 100 ms (currentTime, videoWidth, readyState; each element
 * the page builds tagged). Each cycle kills OBS (SIGKILL: a lost connection) and publishes again:
 *
 * (a) standby 'imagem': OBS drops, the slate goes on in the same playlist, OBS comes back once the
 *     player has played 1.5 s of the slate;
 * (b) reference, the same channel with the standby 'nenhum': OBS drops, the channel goes off, OBS
 *     comes back after the same delay as in (a), and the player recovers as it does today.
 *
 * Printed per switch: the gap at the HLS (the drop or the reconnection → the first fragment of
 * the new picture listed in the playlist the API serves), the time until the player shows the new
 * picture (the reference's drop: the page's offline picture or error notice), the longest stall (currentTime standing
 * still) and the player's re-mounts and fatal hls.js errors; then the ratio of the longest stalls.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { bearerHeader } from '../apps/server/src/testing/harness.ts';
import { eventually, startLiveStack, type Publisher } from '../apps/server/src/testing/live.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { cleanupOnSignal } from './proc.ts';

const { values } = parseArgs({ options: { cycles: { type: 'string', default: '3' } } });
const CYCLES = Math.max(1, Number(values.cycles) || 3);
const OBS = { size: '640x360', keyframeSeconds: 1 } as const;
const OBS_WIDTH = 640;
const SLATE_WIDTH = 1280;
/** How much of the new picture the player plays before the next step. */
const SETTLE_SECONDS = 1.5;

interface Sample { wall: number; t: number; id: number; ct: number; width: number; ready: number; notice: boolean }
interface Probe { samples: Sample[]; videos: number; waiting: number[]; hlsErrors: { at: number; details: string; fatal: boolean }[] }

/** Runs in the player page before its own script: samples its <video> every 100 ms, tags each element it builds, hears hls.js's errors. */
function probeVideo(): void {
  const probe: Probe = { samples: [], videos: 0, waiting: [], hlsErrors: [] };
  (window as unknown as { __probe: Probe }).__probe = probe;
  type HlsClass = new (c?: object) => { on(e: string, f: (e: string, d: { details: string; fatal: boolean }) => void): void };
  let Wrapped: unknown;
  Object.defineProperty(window, 'Hls', {
    configurable: true,
    get: () => Wrapped,
    set(Original: HlsClass & { Events: { ERROR: string } }) {
      Wrapped = class extends Original {
        constructor(c?: object) {
          super(c);
          this.on(Original.Events.ERROR, (_e, d) => probe.hlsErrors.push({ at: Date.now(), details: d.details, fatal: d.fatal }));
        }
      };
    },
  });
  setInterval(() => {
    const v = document.querySelector<HTMLVideoElement>('#stage video');
    if (v && !v.dataset.probe) {
      v.dataset.probe = String(++probe.videos);
      v.addEventListener('waiting', () => probe.waiting.push(Date.now()));
    }
    probe.samples.push({
      wall: Date.now(), t: performance.now(), id: v ? Number(v.dataset.probe) : 0, ct: v?.currentTime ?? -1,
      // the page's offline picture or its error notice covers the player
      width: v?.videoWidth ?? 0, ready: v?.readyState ?? 0, notice: ['offline', 'msg'].some((id) => document.getElementById(id)?.hidden === false),
    });
  }, 100);
}

/** The longest time (ms) the video's clock stood still within [from, to] (wall clock); a new element counts once its clock advances. */
function longestStall(samples: Sample[], from: number, to: number): number {
  let moved: Sample | null = null;
  let longest = 0;
  for (let i = 1; i < samples.length; i++) {
    const [prev, s] = [samples[i - 1]!, samples[i]!];
    if (s.id && s.id === prev.id && s.ct > prev.ct + 0.001) {
      if (moved && prev.wall >= from && moved.wall <= to) longest = Math.max(longest, prev.t - moved.t);
      moved = s;
    }
  }
  const last = samples.at(-1);
  if (moved && last && last.wall >= from && moved.wall <= to) longest = Math.max(longest, last.t - moved.t);
  return Math.round(longest);
}

/** The picture width of an MPEG-TS fragment (ffprobe from stdin), 0 when unreadable. */
function widthOf(body: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const p = spawn('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width', '-of', 'csv=p=0', '-i', 'pipe:0']);
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stdin.on('error', () => {});
    p.once('close', () => resolve(Number(out.trim().split('\n')[0]) || 0));
    p.stdin.end(body);
  });
}

/** Every new fragment of the channel's playlist (as the API serves it), when first listed (polled every 100 ms) and its width. */
function watchHls(url: string) {
  const seen: { at: number; width: number }[] = [];
  const names = new Set<string>();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const r = await fetch(url).catch(() => null);
      if (r?.status === 200) {
        for (const line of (await r.text()).split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))) {
          if (names.has(line)) continue;
          names.add(line);
          const at = Date.now();
          const f = await fetch(new URL(line, url)).catch(() => null);
          seen.push({ at, width: f?.ok ? await widthOf(Buffer.from(await f.arrayBuffer())) : 0 });
        }
      }
      await sleep(100);
    }
  })();
  return {
    first: (width: number, from: number, what: string) => eventually(async () => seen.find((f) => f.at > from && f.width === width)?.at, 30_000, what),
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

interface Switch { gap: number | null; shown: number; stall: number }
interface Cycle { drop: Switch; back: Switch; stall: number; delay: number; remounts: number; fatal: string[]; waiting: number }

const stack = await startLiveStack({ worker: { reconcileMs: 2000 } });
let browser: Browser | undefined;
const publishers = new Set<Publisher>();
const cleanup = async () => {
  for (const p of publishers) await p.stop();
  await browser?.close();
  await stack.close();
};
cleanupOnSignal(cleanup);

/** One channel through CYCLES drops: with the slate, or (delays given) without a standby, OBS back after those delays. */
async function run(tipo: 'imagem' | 'nenhum', delays: number[] = []): Promise<Cycle[]> {
  const acc = await stack.h.createAccount();
  const token = await stack.h.login(acc.email, acc.password);
  const api = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    stack.h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const saved = await api('PUT', '/api/sinal-reserva', { tipo });
  if (saved.statusCode !== 200) throw new Error(`sinal reserva não salvo: ${saved.body}`);
  const status = async () => (await api('GET', '/api/streaming/status')).json<{ is_live: boolean; sinal_reserva: { no_ar: boolean } | null }>();
  const key = (await api('GET', '/api/dados-conexao')).json<{ rtmp: { chave: string } }>().rtmp.chave;
  const publish = () => {
    const p = stack.publish(key, OBS);
    publishers.add(p);
    return p;
  };
  let obs = publish();
  const hls = watchHls(`${stack.apiUrl}/hls/${acc.usuario}_live.m3u8`);
  let page: Page | undefined;
  try {
    await hls.first(OBS_WIDTH, 0, 'o OBS no HLS');
    if (tipo === 'imagem') await eventually(async () => (await status()).sinal_reserva?.no_ar === false, 20_000, 'o sinal reserva pronto');
    browser ??= await launchBrowser();
    page = await (await browser.newContext()).newPage();
    await page.addInitScript(probeVideo);
    const q = new URLSearchParams({ login: acc.usuario, stream: `${acc.usuario}_live`, player: 'hlsjs' });
    await page.goto(`${stack.apiUrl}/api/player-port/iframe?${q}`);
    const p = page;
    /** Once the page's video shows `width` and has played `seconds` of it. */
    const plays = (width: number, seconds: number) => p.waitForFunction(([w, s]) => {
      const samples = (window as unknown as { __probe: Probe }).__probe.samples;
      const since = samples[samples.findLastIndex((x) => x.width !== w) + 1];
      const last = samples.at(-1)!;
      return !!since && last.width === w && last.id === since.id && last.ct - since.ct >= s;
    }, [width, seconds] as const, { timeout: 60_000, polling: 100 });
    await plays(OBS_WIDTH, 3);

    const cycles: Cycle[] = [];
    for (let i = 0; i < CYCLES; i++) {
      obs.child.kill('SIGKILL');
      const dropped = Date.now();
      await obs.exited;
      publishers.delete(obs);
      let slateListed: number | null = null;
      if (tipo === 'imagem') {
        slateListed = await hls.first(SLATE_WIDTH, dropped, 'o sinal reserva no HLS');
        await plays(SLATE_WIDTH, SETTLE_SECONDS);
      } else {
        // the reference waits as long as the standby's cycle did before OBS came back
        await eventually(async () => !(await status()).is_live, 20_000, 'o canal fora do ar');
        await sleep(Math.max(0, dropped + delays[i]! - Date.now()));
      }
      const back = Date.now();
      obs = publish();
      const obsListed = await hls.first(OBS_WIDTH, back, 'o OBS de volta no HLS');
      await plays(OBS_WIDTH, SETTLE_SECONDS);
      const end = Date.now();
      const probe = await p.evaluate(() => (window as unknown as { __probe: Probe }).__probe);
      const s = probe.samples;
      const dropShown = tipo === 'imagem' ? s.find((x) => x.wall > dropped && x.width === SLATE_WIDTH) : s.find((x) => x.wall > dropped && x.notice);
      const backShown = s.find((x) => x.wall > back && x.width === OBS_WIDTH && x.id === s.at(-1)!.id);
      const before = s.filter((x) => x.wall <= dropped).at(-1)?.id ?? 0;
      cycles.push({
        drop: { gap: slateListed === null ? null : slateListed - dropped, shown: dropShown ? dropShown.wall - dropped : NaN, stall: longestStall(s, dropped, back) },
        back: { gap: obsListed - back, shown: backShown ? backShown.wall - back : NaN, stall: longestStall(s, back, end) },
        stall: longestStall(s, dropped, end),
        delay: back - dropped,
        remounts: (s.at(-1)?.id ?? 0) - before,
        fatal: probe.hlsErrors.filter((e) => e.fatal && e.at > dropped).map((e) => e.details),
        waiting: probe.waiting.filter((at) => at > dropped && at <= end).length,
      });
    }
    return cycles;
  } finally {
    await page?.context().close();
    await hls.stop();
    await obs.stop();
    publishers.delete(obs);
  }
}

try {
  console.log(`${CYCLES} quedas do OBS (640×360, keyframe a cada 1 s), player hls.js da página do painel no Chromium; ${os.cpus().length} núcleos\n`);
  const standby = await run('imagem');
  const reference = await run('nenhum', standby.map((c) => c.delay));
  const ms = (n: number | null) => (n === null ? '—' : Number.isNaN(n) ? 'nunca' : `${n} ms`);
  const pad = (x: string, n: number) => x.padStart(n);
  const row = (label: string, sw: Switch, extra = '') => console.log(`${label.padEnd(52)}${pad(ms(sw.gap), 12)}${pad(ms(sw.shown), 11)}${pad(ms(sw.stall), 14)}${extra}`);
  console.log(`${'ciclo / troca'.padEnd(52)}${pad('lacuna HLS', 12)}${pad('na tela', 11)}${pad('maior parada', 14)}${pad('remontagens', 13)}  erros fatais`);
  for (const [name, cycles] of [['sinal reserva (imagem)', standby], ['referência (nenhum)', reference]] as const) {
    cycles.forEach((c, i) => {
      row(`${name} #${i + 1}: queda do OBS`, c.drop, `${pad(String(c.remounts), 13)}  ${c.fatal.join(', ') || '—'}`);
      row(`${name} #${i + 1}: OBS de volta após ${(c.delay / 1000).toFixed(1)} s`, c.back);
    });
  }
  const longest = (cycles: Cycle[]) => Math.max(...cycles.map((c) => c.stall));
  const ours = longest(standby);
  const ref = longest(reference);
  console.log(`\nmaior parada do player: ${ours} ms com o sinal reserva, ${ref} ms sem (referência); razão ${(ours / Math.max(ref, 1)).toFixed(3)}`);
} finally {
  await cleanup();
}
