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
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { bearerHeader } from '../apps/server/src/testing/harness.ts';
import { eventually, startLiveStack, type Publisher } from '../apps/server/src/testing/live.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { longestStall, probeVideo, readProbe, shownAt, watchHls, type Probe } from '../e2e/support/video-probe.ts';
import { cleanupOnSignal } from './proc.ts';

const { values } = parseArgs({ options: { cycles: { type: 'string', default: '3' } } });
const CYCLES = Math.max(1, Number(values.cycles) || 3);
const OBS = { size: '640x360', keyframeSeconds: 1 } as const;
const OBS_WIDTH = 640;
const SLATE_WIDTH = 1280;
/** How much of the new picture the player plays before the next step. */
const SETTLE_SECONDS = 1.5;

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
  const hls = watchHls(`${stack.apiUrl}/hls/${acc.usuario}_live.m3u8`, (what, find) => eventually(find, 30_000, what));
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
      const probe = await readProbe(p);
      const s = probe.samples;
      const dropShown = tipo === 'imagem' ? shownAt(s, SLATE_WIDTH, dropped) : s.find((x) => x.wall > dropped && x.notice);
      const backShown = shownAt(s, OBS_WIDTH, back, s.at(-1)!.id);
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
