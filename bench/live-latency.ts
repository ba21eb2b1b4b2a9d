/**
 * bench/live-latency: how long a viewer waits after OBS starts.
 *
 *   node bench/live-latency.ts [--runs 5]
 *
 * (a) publish → first HLS segment listed in the playlist the API serves. Measured for the
 *     panel's HLS settings and, in the same run, for a reference configuration with
 *     nginx-rtmp's stock HLS settings (5 s fragments, 30 s playlist), printed as a ratio.
 * (b) publish → picture playing in Chromium, in the panel's own player page with hls.js,
 *     and the latency hls.js reports (`hls.latency`) after 30 s of play.
 *
 * Standard HLS setups sit at 25–30 s end to end; the target here is under 6 s.
 */
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { bearerHeader } from '../apps/server/src/testing/harness.ts';
import { eventually, startLiveStack, type LiveStack } from '../apps/server/src/testing/live.ts';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';

interface Setup {
  name: string;
  env: Record<string, string>;
}

interface Channel {
  stack: LiveStack;
  login: string;
  key: string;
  token: string;
}

/** One measured step of a broadcast start; returns milliseconds since the publish began. */
interface Phase {
  name: string;
  measure(ch: Channel, publishStartedAt: number): Promise<number>;
}

const firstSegment: Phase = {
  name: 'publicação → 1º segmento na playlist',
  async measure(ch, t0) {
    const url = `${ch.stack.apiUrl}/hls/${ch.login}_live.m3u8`;
    for (;;) {
      const r = await fetch(url).catch(() => null);
      if (r?.ok && /\.ts$/m.test(await r.text())) return Date.now() - t0;
      if (Date.now() - t0 > 60_000) throw new Error('nenhum segmento em 60 s');
      await sleep(25);
    }
  },
};

const PLAY_SECONDS = 30;
let browser: Browser | undefined;
let viewer: Page | undefined;

/** Keeps the hls.js instance the player page creates, so its own latency figure can be read. */
function captureHls(): void {
  const w = window as unknown as { Hls?: unknown; __hls?: { latency: number } };
  let Wrapped: unknown;
  Object.defineProperty(w, 'Hls', {
    configurable: true,
    get: () => Wrapped,
    set(Original: new (c?: object) => { latency: number }) {
      Wrapped = class extends Original {
        constructor(c?: object) {
          super(c);
          w.__hls = this;
        }
      };
    },
  });
}

const firstPicture: Phase = {
  name: 'publicação → imagem no Chromium (player hls.js do painel)',
  async measure(ch, t0) {
    browser ??= await launchBrowser();
    viewer = await (await browser.newContext()).newPage();
    await viewer.addInitScript(captureHls);
    const q = new URLSearchParams({ login: ch.login, stream: `${ch.login}_live`, player: 'hlsjs' });
    await viewer.goto(`${ch.stack.apiUrl}/api/player-port/iframe?${q}`);
    await viewer.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0, undefined, { timeout: 60_000, polling: 50 });
    return Date.now() - t0;
  },
};

const hlsLatency: Phase = {
  name: `latência informada pelo hls.js após ${PLAY_SECONDS} s`,
  async measure() {
    const page = viewer!;
    await sleep(PLAY_SECONDS * 1000);
    const latency = await page.evaluate(() => (window as unknown as { __hls?: { latency: number } }).__hls?.latency ?? NaN);
    await page.context().close();
    if (!Number.isFinite(latency)) throw new Error('o hls.js não informou a latência');
    return latency * 1000;
  },
};

const PHASES: Phase[] = [firstSegment, firstPicture, hlsLatency];

const SETUPS: Setup[] = [
  { name: 'painel (fragmentos de 2 s, playlist de 6 s)', env: {} },
  { name: 'referência: fragmentos de 5 s e playlist de 30 s (valores padrão do nginx-rtmp)', env: { HLS_FRAGMENT_SECONDS: '5', HLS_PLAYLIST_SECONDS: '30' } },
];

async function openChannel(stack: LiveStack): Promise<Channel> {
  const acc = await stack.h.createAccount();
  const token = await stack.h.login(acc.email, acc.password);
  const r = await stack.h.app.inject({ url: '/api/dados-conexao', headers: bearerHeader(token) });
  return { stack, login: acc.usuario, key: r.json().rtmp.chave, token };
}

async function measureSetup(setup: Setup, runs: number): Promise<Map<string, number[]>> {
  const stack = await startLiveStack({ env: setup.env });
  const results = new Map<string, number[]>(PHASES.map((p) => [p.name, []]));
  try {
    const ch = await openChannel(stack);
    for (let i = 0; i < runs; i++) {
      const t0 = Date.now();
      // OBS's recommended encoder settings: keyframe every 2 s
      const pub = stack.publish(ch.key, { keyframeSeconds: 2, videoKbps: 2500, size: '1280x720', fps: 30 });
      try {
        for (const p of PHASES) results.get(p.name)!.push(await p.measure(ch, t0));
      } finally {
        await pub.stop();
      }
      // the next run starts only once the previous broadcast is closed and its playlist gone
      const status = () => stack.h.app.inject({ url: '/api/streaming/status', headers: bearerHeader(ch.token) });
      await eventually(async () => !(await status()).json().is_live, 10_000, 'fim da transmissão');
      const playlist = `${stack.apiUrl}/hls/${ch.login}_live.m3u8`;
      await eventually(async () => (await fetch(playlist)).status === 404, 10_000, 'playlist encerrada');
    }
  } finally {
    await stack.close();
  }
  return results;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Math.max(1, Number(values.runs) || 3);
const all: Map<string, number[]>[] = [];
for (const setup of SETUPS) {
  console.log(`\n${setup.name}`);
  const r = await measureSetup(setup, runs);
  for (const [phase, xs] of r) console.log(`  ${phase}: mediana ${s(median(xs))} (mín ${s(Math.min(...xs))}, máx ${s(Math.max(...xs))}, ${xs.length} execuções)`);
  all.push(r);
}
console.log('\nResultado');
for (const p of PHASES) {
  const ours = median(all[0]!.get(p.name)!);
  const ref = median(all[1]!.get(p.name)!);
  console.log(`  ${p.name}: ${s(ours)} contra ${s(ref)} da referência: razão ${(ours / ref).toFixed(2)}; meta < 6 s: ${ours < 6000 ? 'atingida' : 'NÃO atingida'}`);
}
await browser?.close();
